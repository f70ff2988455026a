CREATE SCHEMA IF NOT EXISTS "screening";

-- CreateTable
CREATE TABLE "screening"."disposition_settings" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "direct_api" BOOLEAN NOT NULL DEFAULT true,
    "mode" TEXT NOT NULL DEFAULT 'hint',
    "threshold" DOUBLE PRECISION NOT NULL DEFAULT 0.85,
    "updated_by" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "disposition_settings_pkey" PRIMARY KEY ("tenant_id","workspace_id")
);

