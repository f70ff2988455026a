CREATE SCHEMA IF NOT EXISTS "screening";

-- CreateTable
CREATE TABLE "screening"."monitored_subjects" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "sealed_query" JSONB NOT NULL,
    "sanctions_frequency" TEXT NOT NULL DEFAULT 'daily',
    "pep_frequency" TEXT NOT NULL DEFAULT 'weekly',
    "frequencies_resolved_at" TIMESTAMP(3),
    "last_search_id" TEXT NOT NULL,
    "last_screened_at" TIMESTAMP(3) NOT NULL,
    "next_full_screen_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "monitored_subjects_pkey" PRIMARY KEY ("tenant_id","workspace_id","profile_id")
);

-- CreateTable
CREATE TABLE "screening"."monitoring_cursors" (
    "source" TEXT NOT NULL,
    "seq" INTEGER NOT NULL DEFAULT 0,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "monitoring_cursors_pkey" PRIMARY KEY ("source")
);

-- CreateTable
CREATE TABLE "screening"."monitoring_runs" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "source" TEXT,
    "from_seq" INTEGER,
    "to_seq" INTEGER,
    "version_id" TEXT,
    "status" TEXT NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "delta_size" INTEGER NOT NULL DEFAULT 0,
    "alerts" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "due_before" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMP(3),
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "monitoring_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening"."monitoring_alerts" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "search_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "match_count" INTEGER NOT NULL,
    "entity_refs" TEXT[],
    "acknowledged_at" TIMESTAMP(3),
    "acknowledged_by" TEXT,
    "note" TEXT,
    "outcome_sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "monitoring_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "monitored_subjects_sanctions_frequency_tenant_id_workspace__idx" ON "screening"."monitored_subjects"("sanctions_frequency", "tenant_id", "workspace_id", "profile_id");

-- CreateIndex
CREATE INDEX "monitored_subjects_next_full_screen_at_idx" ON "screening"."monitored_subjects"("next_full_screen_at");

-- CreateIndex
CREATE INDEX "monitoring_runs_status_created_at_idx" ON "screening"."monitoring_runs"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "monitoring_runs_source_to_seq_key" ON "screening"."monitoring_runs"("source", "to_seq");

-- CreateIndex
CREATE INDEX "monitoring_alerts_tenant_id_workspace_id_created_at_id_idx" ON "screening"."monitoring_alerts"("tenant_id", "workspace_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "monitoring_alerts_tenant_id_workspace_id_profile_id_created_idx" ON "screening"."monitoring_alerts"("tenant_id", "workspace_id", "profile_id", "created_at");

-- CreateIndex
CREATE INDEX "monitoring_alerts_outcome_sent_at_idx" ON "screening"."monitoring_alerts"("outcome_sent_at");

-- CreateIndex
CREATE UNIQUE INDEX "monitoring_alerts_run_id_tenant_id_workspace_id_profile_id_key" ON "screening"."monitoring_alerts"("run_id", "tenant_id", "workspace_id", "profile_id");

