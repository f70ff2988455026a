-- CreateIndex
CREATE INDEX "search_matches_tenant_id_workspace_id_review_status_idx" ON "screening"."search_matches"("tenant_id", "workspace_id", "review_status");

