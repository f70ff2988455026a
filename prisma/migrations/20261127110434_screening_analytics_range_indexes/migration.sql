-- CreateIndex
CREATE INDEX "search_matches_tenant_id_workspace_id_reviewed_at_idx" ON "screening"."search_matches"("tenant_id", "workspace_id", "reviewed_at");

-- CreateIndex
CREATE INDEX "match_reviews_tenant_id_workspace_id_created_at_idx" ON "screening"."match_reviews"("tenant_id", "workspace_id", "created_at");

