-- AlterTable
ALTER TABLE "profiles"."profiles" ADD COLUMN     "erased_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "profiles"."custom_field_definitions" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "options" JSONB NOT NULL DEFAULT '[]',
    "archived_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "custom_field_definitions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "profiles"."profile_custom_field_values" (
    "profile_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "value_json" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "profile_custom_field_values_pkey" PRIMARY KEY ("profile_id","key")
);

-- CreateTable
CREATE TABLE "profiles"."profile_groups" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "monitoring_feed_frequencies" JSONB,
    "archived_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "profile_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "profiles"."profile_group_assignments" (
    "profile_id" TEXT NOT NULL,
    "group_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "profile_group_assignments_pkey" PRIMARY KEY ("profile_id","group_id")
);

-- CreateTable
CREATE TABLE "profiles"."profile_comments" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "match_id" TEXT,
    "text" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_by" TEXT NOT NULL,
    "updated_by" TEXT NOT NULL,
    "redacted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "profile_comments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "custom_field_definitions_tenant_id_workspace_id_key_key" ON "profiles"."custom_field_definitions"("tenant_id", "workspace_id", "key");

-- CreateIndex
CREATE INDEX "profile_custom_field_values_tenant_id_workspace_id_key_idx" ON "profiles"."profile_custom_field_values"("tenant_id", "workspace_id", "key");

-- CreateIndex
CREATE INDEX "profile_groups_tenant_id_workspace_id_archived_at_idx" ON "profiles"."profile_groups"("tenant_id", "workspace_id", "archived_at");

-- CreateIndex
CREATE UNIQUE INDEX "profile_groups_tenant_id_workspace_id_key_key" ON "profiles"."profile_groups"("tenant_id", "workspace_id", "key");

-- CreateIndex
CREATE INDEX "profile_group_assignments_tenant_id_workspace_id_group_id_idx" ON "profiles"."profile_group_assignments"("tenant_id", "workspace_id", "group_id");

-- CreateIndex
CREATE INDEX "profile_comments_tenant_id_workspace_id_profile_id_created__idx" ON "profiles"."profile_comments"("tenant_id", "workspace_id", "profile_id", "created_at");

-- AddForeignKey
ALTER TABLE "profiles"."profile_custom_field_values" ADD CONSTRAINT "profile_custom_field_values_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"."profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profiles"."profile_group_assignments" ADD CONSTRAINT "profile_group_assignments_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"."profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profiles"."profile_group_assignments" ADD CONSTRAINT "profile_group_assignments_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "profiles"."profile_groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profiles"."profile_comments" ADD CONSTRAINT "profile_comments_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"."profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

