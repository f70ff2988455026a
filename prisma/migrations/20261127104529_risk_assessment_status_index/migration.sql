-- CreateIndex
CREATE INDEX "assessments_tenant_id_workspace_id_status_updated_at_idx" ON "risk"."assessments"("tenant_id", "workspace_id", "status", "updated_at");

