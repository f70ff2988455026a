-- AlterTable
ALTER TABLE "screening"."monitoring_alerts" ADD COLUMN     "list_versions" JSONB,
ADD COLUMN     "previous_search_id" TEXT;
