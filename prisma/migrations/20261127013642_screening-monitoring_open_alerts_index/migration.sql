-- CreateIndex
CREATE INDEX "monitoring_alerts_tenant_id_workspace_id_status_idx" ON "screening"."monitoring_alerts"("tenant_id", "workspace_id", "status");

