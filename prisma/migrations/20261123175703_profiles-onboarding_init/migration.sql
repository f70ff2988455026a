CREATE SCHEMA IF NOT EXISTS "profiles";

-- CreateTable
CREATE TABLE "profiles"."onboarding_runs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "sequence" TEXT NOT NULL,
    "screening_feeds" TEXT[],
    "idv_workflow_id" TEXT,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "needs_work" BOOLEAN NOT NULL DEFAULT true,
    "lease_until" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "decided_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "onboarding_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "profiles"."onboarding_tasks" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "search_id" TEXT,
    "session_id" TEXT,
    "error" TEXT,
    "started_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "onboarding_tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "profiles"."profile_status_facts" (
    "profile_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "screening_search_id" TEXT,
    "screening_unresolved" INTEGER,
    "screening_true_positive" INTEGER,
    "screening_at" TIMESTAMP(3),
    "idv_session_id" TEXT,
    "idv_outcome" TEXT,
    "idv_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "profile_status_facts_pkey" PRIMARY KEY ("profile_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "onboarding_runs_profile_id_key" ON "profiles"."onboarding_runs"("profile_id");

-- CreateIndex
CREATE INDEX "onboarding_runs_status_needs_work_lease_until_idx" ON "profiles"."onboarding_runs"("status", "needs_work", "lease_until");

-- CreateIndex
CREATE INDEX "onboarding_runs_tenant_id_workspace_id_profile_id_idx" ON "profiles"."onboarding_runs"("tenant_id", "workspace_id", "profile_id");

-- CreateIndex
CREATE UNIQUE INDEX "onboarding_tasks_run_id_kind_key" ON "profiles"."onboarding_tasks"("run_id", "kind");

-- CreateIndex
CREATE INDEX "profile_status_facts_tenant_id_workspace_id_idx" ON "profiles"."profile_status_facts"("tenant_id", "workspace_id");

-- AddForeignKey
ALTER TABLE "profiles"."onboarding_tasks" ADD CONSTRAINT "onboarding_tasks_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "profiles"."onboarding_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

