-- DropIndex
DROP INDEX "screening"."monitoring_alerts_tenant_id_workspace_id_status_idx";

-- CreateIndex
CREATE INDEX "monitoring_alerts_tenant_id_workspace_id_status_created_at_idx" ON "screening"."monitoring_alerts"("tenant_id", "workspace_id", "status", "created_at");

