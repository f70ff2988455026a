-- CreateTable
CREATE TABLE "risk"."idempotent_creates" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotent_creates_pkey" PRIMARY KEY ("tenant_id","workspace_id","operation","key_hash")
);

-- CreateIndex
CREATE INDEX "idempotent_creates_created_at_idx" ON "risk"."idempotent_creates"("created_at");

