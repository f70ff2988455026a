CREATE SCHEMA IF NOT EXISTS "idv";

-- CreateTable
CREATE TABLE "idv"."invite_sends" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "invite_id" TEXT NOT NULL,
    "sealed_code" JSONB NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "org_name" TEXT,
    "state" TEXT NOT NULL DEFAULT 'sending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3) NOT NULL,
    "settled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "invite_sends_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idv"."webhook_destinations" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "kinds" TEXT[],
    "event_types" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "disabled_at" TIMESTAMP(3),
    "secrets" JSONB NOT NULL,
    "previous_secrets" JSONB,
    "previous_expires_at" TIMESTAMP(3),
    "failing_since" TIMESTAMP(3),
    "last_success_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_destinations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idv"."webhook_deliveries" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "destination_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "ordering_key" TEXT NOT NULL,
    "event_at" TIMESTAMP(3) NOT NULL,
    "event_rank" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMP(3),
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "delivered_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idv"."webhook_attempts" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "destination_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "trigger" TEXT NOT NULL DEFAULT 'automatic',
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "error" TEXT,
    "succeeded" BOOLEAN NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "invite_sends_session_id_state_idx" ON "idv"."invite_sends"("session_id", "state");

-- CreateIndex
CREATE INDEX "invite_sends_state_next_attempt_at_idx" ON "idv"."invite_sends"("state", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "invite_sends_tenant_id_workspace_id_session_id_idempotency__key" ON "idv"."invite_sends"("tenant_id", "workspace_id", "session_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "webhook_destinations_tenant_id_workspace_id_created_at_id_idx" ON "idv"."webhook_destinations"("tenant_id", "workspace_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_destination_id_ordering_key_status_event_idx" ON "idv"."webhook_deliveries"("destination_id", "ordering_key", "status", "event_at", "event_rank");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "idv"."webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_tenant_id_workspace_id_destination_id_cr_idx" ON "idv"."webhook_deliveries"("tenant_id", "workspace_id", "destination_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_destination_id_event_id_key" ON "idv"."webhook_deliveries"("destination_id", "event_id");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_number_idx" ON "idv"."webhook_attempts"("delivery_id", "number");

