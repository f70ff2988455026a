-- CreateIndex
CREATE INDEX "sessions_tenant_id_workspace_id_assessed_at_idx" ON "idv"."sessions"("tenant_id", "workspace_id", "assessed_at");

-- CreateIndex
CREATE INDEX "sessions_tenant_id_workspace_id_reviewed_at_idx" ON "idv"."sessions"("tenant_id", "workspace_id", "reviewed_at");

