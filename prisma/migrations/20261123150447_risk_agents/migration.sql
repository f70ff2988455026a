-- DropIndex
DROP INDEX "risk"."assessments_tenant_id_workspace_id_profile_id_idx";

-- Placeholder-era rows had no workflow: they get the default KYB workflow (added by hand).
UPDATE "risk"."assessments" SET "workflow_id" = 'kyb_standard' WHERE "workflow_id" IS NULL;

-- AlterTable
ALTER TABLE "risk"."assessments" DROP COLUMN "profile_id",
ADD COLUMN     "canvas_state" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "canvas_version" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "client_risk_ratings" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "concluded_at" TIMESTAMP(3),
ADD COLUMN     "conclusion" JSONB,
ADD COLUMN     "context" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "latest_run_id" TEXT,
ADD COLUMN     "next_sequence" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "profile_ids" TEXT[],
ADD COLUMN     "ready_at" TIMESTAMP(3),
ALTER COLUMN "workflow_id" SET NOT NULL;

-- CreateTable
CREATE TABLE "risk"."runs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "assessment_id" TEXT NOT NULL,
    "agent" TEXT NOT NULL,
    "reason" TEXT,
    "status" TEXT NOT NULL,
    "step" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "step_failures" INTEGER NOT NULL DEFAULT 0,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMP(3),
    "error" TEXT,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "risk"."tasks" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "assessment_id" TEXT NOT NULL,
    "template_key" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "required" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "tags" TEXT[],
    "evidence_ids" TEXT[],
    "risk_ids" TEXT[],
    "context" JSONB NOT NULL DEFAULT '{}',
    "resolution" JSONB,
    "completed_at" TIMESTAMP(3),
    "incomplete_at" TIMESTAMP(3),
    "requires_review_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "risk"."risks" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "assessment_id" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "tags" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'active',
    "subject_ids" TEXT[],
    "task_ids" TEXT[],
    "evidence_ids" TEXT[],
    "source_urls" TEXT[],
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "risks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "risk"."evidence" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "assessment_id" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "file_name" TEXT,
    "content_type" TEXT,
    "size" INTEGER,
    "sha256" TEXT,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "evidence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "risk"."questions" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "assessment_id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "task_id" TEXT,
    "dedupe_key" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "answer" TEXT,
    "answered_by" TEXT,
    "asked_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" TIMESTAMP(3),

    CONSTRAINT "questions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "risk"."trajectory_events" (
    "id" TEXT NOT NULL,
    "assessment_id" TEXT NOT NULL,
    "run_id" TEXT,
    "sequence" INTEGER NOT NULL,
    "step_key" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "actor" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trajectory_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "runs_assessment_id_idx" ON "risk"."runs"("assessment_id");

-- CreateIndex
CREATE INDEX "runs_status_lease_until_idx" ON "risk"."runs"("status", "lease_until");

-- CreateIndex
CREATE INDEX "tasks_tenant_id_workspace_id_status_idx" ON "risk"."tasks"("tenant_id", "workspace_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "tasks_assessment_id_template_key_key" ON "risk"."tasks"("assessment_id", "template_key");

-- CreateIndex
CREATE UNIQUE INDEX "risks_assessment_id_dedupe_key_key" ON "risk"."risks"("assessment_id", "dedupe_key");

-- CreateIndex
CREATE UNIQUE INDEX "evidence_assessment_id_dedupe_key_key" ON "risk"."evidence"("assessment_id", "dedupe_key");

-- CreateIndex
CREATE UNIQUE INDEX "questions_assessment_id_dedupe_key_key" ON "risk"."questions"("assessment_id", "dedupe_key");

-- CreateIndex
CREATE UNIQUE INDEX "trajectory_events_assessment_id_sequence_key" ON "risk"."trajectory_events"("assessment_id", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "trajectory_events_assessment_id_step_key_key" ON "risk"."trajectory_events"("assessment_id", "step_key");

-- CreateIndex
CREATE INDEX "assessments_tenant_id_workspace_id_updated_at_idx" ON "risk"."assessments"("tenant_id", "workspace_id", "updated_at");

-- CreateIndex
CREATE INDEX "assessments_profile_ids_idx" ON "risk"."assessments" USING GIN ("profile_ids");

