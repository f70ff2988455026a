CREATE SCHEMA IF NOT EXISTS "screening";

-- CreateTable
CREATE TABLE "screening"."watchlist_sources" (
    "source" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "active_version_id" TEXT,
    "active_seq" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "watchlist_sources_pkey" PRIMARY KEY ("source")
);

-- CreateTable
CREATE TABLE "screening"."watchlist_versions" (
    "id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "entity_count" INTEGER NOT NULL,
    "name_count" INTEGER NOT NULL,
    "added_count" INTEGER NOT NULL,
    "changed_count" INTEGER NOT NULL,
    "removed_count" INTEGER NOT NULL,
    "import_id" TEXT,
    "imported_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watchlist_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening"."watchlist_entities" (
    "source" TEXT NOT NULL,
    "source_id" TEXT NOT NULL,
    "added_seq" INTEGER NOT NULL,
    "removed_seq" INTEGER,
    "content_hash" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "primary_name" TEXT NOT NULL,
    "feeds" TEXT[],
    "names" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "watchlist_entities_pkey" PRIMARY KEY ("source","source_id","added_seq")
);

-- CreateTable
CREATE TABLE "screening"."watchlist_imports" (
    "id" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "tenant_id" TEXT,
    "workspace_id" TEXT,
    "requested_by" TEXT,
    "job_id" TEXT,
    "result" JSONB,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "watchlist_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening"."search_requests" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "user_name" TEXT,
    "user_email" TEXT,
    "config" JSONB NOT NULL,
    "entities" JSONB NOT NULL,
    "job_id" TEXT,
    "profile_id" TEXT,
    "source" TEXT NOT NULL DEFAULT 'direct_api',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening"."search_results" (
    "id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "entity_index" INTEGER NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "type" TEXT,
    "name" TEXT NOT NULL,
    "custom_id" TEXT,
    "match_count" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening"."search_matches" (
    "id" TEXT NOT NULL,
    "search_result_id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "entity_ref" TEXT NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "payload" JSONB NOT NULL,
    "review_status" TEXT NOT NULL DEFAULT 'unresolved',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_matches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "watchlist_versions_source_content_hash_idx" ON "screening"."watchlist_versions"("source", "content_hash");

-- CreateIndex
CREATE UNIQUE INDEX "watchlist_versions_source_seq_key" ON "screening"."watchlist_versions"("source", "seq");

-- CreateIndex
CREATE INDEX "watchlist_entities_source_removed_seq_idx" ON "screening"."watchlist_entities"("source", "removed_seq");

-- CreateIndex
CREATE INDEX "watchlist_entities_names_trgm" ON "screening"."watchlist_entities" USING GIN ("names" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "search_requests_tenant_id_workspace_id_created_at_idx" ON "screening"."search_requests"("tenant_id", "workspace_id", "created_at");

-- CreateIndex
CREATE INDEX "search_requests_tenant_id_workspace_id_profile_id_created_a_idx" ON "screening"."search_requests"("tenant_id", "workspace_id", "profile_id", "created_at");

-- CreateIndex
CREATE INDEX "search_results_tenant_id_workspace_id_request_id_idx" ON "screening"."search_results"("tenant_id", "workspace_id", "request_id");

-- CreateIndex
CREATE INDEX "search_matches_tenant_id_workspace_id_request_id_rank_idx" ON "screening"."search_matches"("tenant_id", "workspace_id", "request_id", "rank");

-- CreateIndex
CREATE INDEX "search_matches_search_result_id_rank_idx" ON "screening"."search_matches"("search_result_id", "rank");

