CREATE SCHEMA IF NOT EXISTS "risk";

-- CreateTable
CREATE TABLE "risk"."assessments" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "workflow_id" TEXT,
    "purpose" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "profile_id" TEXT,
    "subjects" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "assessments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "assessments_tenant_id_workspace_id_profile_id_idx" ON "risk"."assessments"("tenant_id", "workspace_id", "profile_id");

