CREATE SCHEMA IF NOT EXISTS "screening";

-- CreateTable
CREATE TABLE "screening"."news_articles" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "published_at" TIMESTAMP(3),
    "source" TEXT,
    "language" TEXT,
    "content_hash" TEXT NOT NULL,
    "ingested_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "news_articles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening"."news_mentions" (
    "id" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "sentence" TEXT NOT NULL,
    "categories" TEXT[],
    "phrases" TEXT[],
    "position" INTEGER NOT NULL,

    CONSTRAINT "news_mentions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening"."adverse_media_settings" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "categories" TEXT[],
    "updated_by" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "adverse_media_settings_pkey" PRIMARY KEY ("tenant_id","workspace_id")
);

-- CreateTable
CREATE TABLE "screening"."news_revision" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "seq" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "news_revision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "news_articles_key_key" ON "screening"."news_articles"("key");

-- CreateIndex
CREATE INDEX "news_articles_updated_at_idx" ON "screening"."news_articles"("updated_at");

-- CreateIndex
CREATE INDEX "news_mentions_name_key_idx" ON "screening"."news_mentions"("name_key");

-- CreateIndex
CREATE INDEX "news_mentions_article_id_idx" ON "screening"."news_mentions"("article_id");

-- AddForeignKey
ALTER TABLE "screening"."news_mentions" ADD CONSTRAINT "news_mentions_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "screening"."news_articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

