-- CreateTable
CREATE TABLE "platform"."sso_configurations" (
    "tenant_id" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret" JSONB NOT NULL,
    "email_claim" TEXT NOT NULL DEFAULT 'email',
    "provision_role" TEXT,
    "provision_workspace_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_configurations_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "platform"."oidc_sign_ins" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "flow_token_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oidc_sign_ins_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "oidc_sign_ins_flow_token_hash_key" ON "platform"."oidc_sign_ins"("flow_token_hash");

-- CreateIndex
CREATE INDEX "oidc_sign_ins_expires_at_idx" ON "platform"."oidc_sign_ins"("expires_at");

