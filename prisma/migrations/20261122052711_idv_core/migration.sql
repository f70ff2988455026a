CREATE SCHEMA IF NOT EXISTS "idv";

-- CreateTable
CREATE TABLE "idv"."workflows" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "preset" TEXT,
    "steps" JSONB NOT NULL,
    "profile_update_enabled" BOOLEAN NOT NULL DEFAULT false,
    "flag_settings" JSONB NOT NULL DEFAULT '{}',
    "privacy_contact_email" TEXT NOT NULL DEFAULT '',
    "retention_days" INTEGER NOT NULL DEFAULT 365,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "activated_at" TIMESTAMP(3),
    "archived_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "workflows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idv"."sessions" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "creator_application_id" TEXT,
    "creator_kind" TEXT NOT NULL,
    "creator_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'collecting_artifacts',
    "review_status" TEXT NOT NULL DEFAULT 'request_sent',
    "flag_categories" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "profile_update_enabled" BOOLEAN NOT NULL DEFAULT false,
    "flag_settings" JSONB NOT NULL DEFAULT '{}',
    "privacy_contact_email" TEXT NOT NULL DEFAULT '',
    "consent_evidence" JSONB NOT NULL DEFAULT '{}',
    "review_history" JSONB NOT NULL DEFAULT '[]',
    "assignee" TEXT,
    "submitted_at" TIMESTAMP(3),
    "reviewed_at" TIMESTAMP(3),
    "legal_hold" BOOLEAN NOT NULL DEFAULT false,
    "artifacts" JSONB NOT NULL DEFAULT '[]',
    "artifact_storage" JSONB NOT NULL DEFAULT '[]',
    "capture_manifest" JSONB NOT NULL,
    "step_manifest" JSONB NOT NULL,
    "workflow_ref" JSONB,
    "theme_ref" JSONB,
    "theme_snapshot" JSONB,
    "subject_reference" JSONB,
    "retention_policy_id" TEXT,
    "completion" JSONB,
    "declared_id_type" TEXT,
    "token_hash" TEXT,
    "token_expires_at" TIMESTAMP(3) NOT NULL,
    "token_consumed_at" TIMESTAMP(3),
    "results" JSONB,
    "answers" JSONB,
    "assessment_attempts" INTEGER NOT NULL DEFAULT 0,
    "failure_reason" TEXT,
    "cancel_reason" TEXT,
    "canceled_at" TIMESTAMP(3),
    "canceled_by" TEXT,
    "assessed_at" TIMESTAMP(3),
    "delete_after" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idv"."invites" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "delivery" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "single_use" BOOLEAN NOT NULL DEFAULT false,
    "idempotency_key" TEXT,
    "delivery_state" TEXT NOT NULL DEFAULT 'pending',
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "consumed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "invites_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "workflows_tenant_id_workspace_id_created_at_id_idx" ON "idv"."workflows"("tenant_id", "workspace_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "workflows_tenant_id_workspace_id_is_default_idx" ON "idv"."workflows"("tenant_id", "workspace_id", "is_default");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "idv"."sessions"("token_hash");

-- CreateIndex
CREATE INDEX "sessions_tenant_id_workspace_id_created_at_id_idx" ON "idv"."sessions"("tenant_id", "workspace_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "sessions_tenant_id_workspace_id_profile_id_created_at_idx" ON "idv"."sessions"("tenant_id", "workspace_id", "profile_id", "created_at");

-- CreateIndex
CREATE INDEX "sessions_tenant_id_workspace_id_review_status_assignee_idx" ON "idv"."sessions"("tenant_id", "workspace_id", "review_status", "assignee");

-- CreateIndex
CREATE UNIQUE INDEX "invites_code_hash_key" ON "idv"."invites"("code_hash");

-- CreateIndex
CREATE INDEX "invites_session_id_idx" ON "idv"."invites"("session_id");

-- AddForeignKey
ALTER TABLE "idv"."invites" ADD CONSTRAINT "invites_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "idv"."sessions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

