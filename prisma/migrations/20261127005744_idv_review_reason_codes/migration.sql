-- AlterTable
ALTER TABLE "idv"."sessions" ADD COLUMN     "reason_codes" TEXT[] DEFAULT ARRAY[]::TEXT[];

