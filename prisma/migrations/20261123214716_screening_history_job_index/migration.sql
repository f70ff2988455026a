-- DropIndex
DROP INDEX "screening"."search_requests_tenant_id_workspace_id_job_id_created_at_idx";

-- CreateIndex
CREATE INDEX "search_requests_tenant_id_workspace_id_job_id_created_at_id_idx" ON "screening"."search_requests"("tenant_id", "workspace_id", "job_id", "created_at", "id");

