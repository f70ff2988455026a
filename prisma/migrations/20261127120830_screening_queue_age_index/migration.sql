-- DropIndex
DROP INDEX "screening"."search_matches_tenant_id_workspace_id_review_status_idx";

-- CreateIndex
CREATE INDEX "search_matches_tenant_id_workspace_id_review_status_created_idx" ON "screening"."search_matches"("tenant_id", "workspace_id", "review_status", "created_at");

