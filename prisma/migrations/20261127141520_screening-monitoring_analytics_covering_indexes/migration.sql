-- DropIndex
DROP INDEX "screening"."monitoring_alerts_tenant_id_workspace_id_acknowledged_at_idx";

-- CreateIndex
CREATE INDEX "monitoring_alerts_tenant_id_workspace_id_acknowledged_at_st_idx" ON "screening"."monitoring_alerts"("tenant_id", "workspace_id", "acknowledged_at", "status", "created_at");

