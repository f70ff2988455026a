CREATE SCHEMA IF NOT EXISTS "profiles";

-- CreateTable
CREATE TABLE "profiles"."custom_field_definition_revisions" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "required" BOOLEAN NOT NULL,
    "priority" INTEGER NOT NULL,
    "options" JSONB NOT NULL DEFAULT '[]',
    "archived" BOOLEAN NOT NULL,
    "change" TEXT NOT NULL,
    "rolled_back_to" INTEGER,
    "actor_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custom_field_definition_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "profiles"."workspace_monitoring_defaults" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "sanctions" TEXT NOT NULL,
    "pep" TEXT NOT NULL,
    "news" TEXT NOT NULL,
    "updated_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "workspace_monitoring_defaults_pkey" PRIMARY KEY ("tenant_id","workspace_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "custom_field_definition_revisions_tenant_id_workspace_id_ke_key" ON "profiles"."custom_field_definition_revisions"("tenant_id", "workspace_id", "key", "revision");


-- Definitions saved before the history existed start it with their current state as revision 1.
INSERT INTO "profiles"."custom_field_definition_revisions"
  ("id", "tenant_id", "workspace_id", "key", "revision", "label", "required", "priority", "options", "archived", "change", "created_at")
SELECT 'cfr_' || replace(gen_random_uuid()::text, '-', ''), d."tenant_id", d."workspace_id", d."key", 1, d."label", d."required", d."priority", d."options",
       d."archived_at" IS NOT NULL, 'create', d."updated_at"
FROM "profiles"."custom_field_definitions" d;
