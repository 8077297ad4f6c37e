-- AlterTable
ALTER TABLE "blade_notice" ADD COLUMN     "recipient_ids" BIGINT[] DEFAULT ARRAY[]::BIGINT[];
