-- AlterTable
ALTER TABLE "screening"."disposition_settings" ADD COLUMN     "search_feeds" TEXT[],
ADD COLUMN     "search_threshold" DOUBLE PRECISION;

