-- CreateTable
CREATE TABLE "platform"."idempotent_requests" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "lease_until" TIMESTAMP(3) NOT NULL,
    "response" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "idempotent_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "idempotent_requests_expires_at_idx" ON "platform"."idempotent_requests"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotent_requests_tenant_id_workspace_id_actor_id_key_key" ON "platform"."idempotent_requests"("tenant_id", "workspace_id", "actor_id", "key");

