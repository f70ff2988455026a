-- AlterTable
ALTER TABLE "screening"."monitoring_alerts" ADD COLUMN     "assigned_at" TIMESTAMP(3),
ADD COLUMN     "assignee" TEXT;

-- CreateIndex
CREATE INDEX "monitoring_alerts_tenant_id_workspace_id_assignee_created_a_idx" ON "screening"."monitoring_alerts"("tenant_id", "workspace_id", "assignee", "created_at");

