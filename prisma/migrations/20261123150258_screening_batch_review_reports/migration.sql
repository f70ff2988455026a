-- AlterTable
ALTER TABLE "screening"."search_matches" ADD COLUMN     "reviewed_at" TIMESTAMP(3),
ADD COLUMN     "reviewed_by" TEXT,
ADD COLUMN     "reviewed_by_name" TEXT;

-- CreateTable
CREATE TABLE "screening"."batch_jobs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "total" INTEGER NOT NULL,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "matched" INTEGER NOT NULL DEFAULT 0,
    "automatic_disposition" TEXT,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "restarts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "batch_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening"."batch_entities" (
    "job_id" TEXT NOT NULL,
    "entity_index" INTEGER NOT NULL,
    "input" JSONB NOT NULL,

    CONSTRAINT "batch_entities_pkey" PRIMARY KEY ("job_id","entity_index")
);

-- CreateTable
CREATE TABLE "screening"."match_reviews" (
    "id" TEXT NOT NULL,
    "match_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "from_status" TEXT NOT NULL,
    "to_status" TEXT NOT NULL,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "actor_name" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "match_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening"."match_clearances" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "entity_ref" TEXT NOT NULL,
    "entity_hash" TEXT NOT NULL,
    "match_id" TEXT NOT NULL,
    "cleared_by" TEXT NOT NULL,
    "cleared_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "match_clearances_pkey" PRIMARY KEY ("tenant_id","workspace_id","profile_id","entity_ref")
);

-- CreateTable
CREATE TABLE "screening"."search_reports" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "search_result_id" TEXT NOT NULL,
    "match_index" INTEGER NOT NULL,
    "blob_key" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "pages" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "batch_jobs_request_id_key" ON "screening"."batch_jobs"("request_id");

-- CreateIndex
CREATE INDEX "batch_jobs_tenant_id_workspace_id_created_at_idx" ON "screening"."batch_jobs"("tenant_id", "workspace_id", "created_at");

-- CreateIndex
CREATE INDEX "match_reviews_tenant_id_workspace_id_match_id_created_at_idx" ON "screening"."match_reviews"("tenant_id", "workspace_id", "match_id", "created_at");

-- CreateIndex
CREATE INDEX "search_reports_tenant_id_workspace_id_created_at_idx" ON "screening"."search_reports"("tenant_id", "workspace_id", "created_at");

-- CreateIndex
CREATE INDEX "search_requests_tenant_id_workspace_id_job_id_created_at_idx" ON "screening"."search_requests"("tenant_id", "workspace_id", "job_id", "created_at");

-- CreateIndex
CREATE INDEX "search_results_name_trgm" ON "screening"."search_results" USING GIN ("name" gin_trgm_ops);

