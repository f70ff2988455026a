CREATE SCHEMA IF NOT EXISTS "idv";

-- CreateTable
CREATE TABLE "idv"."capture_sessions" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "exchanged_from" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "capture_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "capture_sessions_token_hash_key" ON "idv"."capture_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "capture_sessions_session_id_idx" ON "idv"."capture_sessions"("session_id");

