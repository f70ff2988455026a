-- CreateIndex
CREATE INDEX "event_outbox_tenant_id_workspace_id_created_at_idx" ON "platform"."event_outbox"("tenant_id", "workspace_id", "created_at");

