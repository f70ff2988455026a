CREATE SCHEMA IF NOT EXISTS "idv";

-- CreateTable
CREATE TABLE "idv"."themes" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "company_name" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "colors" JSONB NOT NULL DEFAULT '{}',
    "font_family" TEXT NOT NULL DEFAULT '',
    "logo_asset_id" TEXT,
    "logo_square_asset_id" TEXT,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "archived_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "themes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idv"."theme_defaults" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "theme_id" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "theme_defaults_pkey" PRIMARY KEY ("tenant_id","workspace_id")
);

-- CreateTable
CREATE TABLE "idv"."theme_assets" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "theme_id" TEXT NOT NULL,
    "slot" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "byte_size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "theme_assets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "themes_tenant_id_workspace_id_created_at_id_idx" ON "idv"."themes"("tenant_id", "workspace_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "theme_assets_tenant_id_workspace_id_theme_id_idx" ON "idv"."theme_assets"("tenant_id", "workspace_id", "theme_id");

