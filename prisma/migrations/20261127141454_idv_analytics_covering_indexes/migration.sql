-- DropIndex
DROP INDEX "idv"."sessions_tenant_id_workspace_id_assessed_at_idx";

-- DropIndex
DROP INDEX "idv"."sessions_tenant_id_workspace_id_reviewed_at_idx";

-- CreateIndex
CREATE INDEX "sessions_tenant_id_workspace_id_assessed_at_status_review_s_idx" ON "idv"."sessions"("tenant_id", "workspace_id", "assessed_at", "status", "review_status", "created_at");

-- CreateIndex
CREATE INDEX "sessions_tenant_id_workspace_id_reviewed_at_review_status_a_idx" ON "idv"."sessions"("tenant_id", "workspace_id", "reviewed_at", "review_status", "assessed_at");

