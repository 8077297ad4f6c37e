-- AlterTable
ALTER TABLE "ysjs_car_maintenance" ADD COLUMN     "driver_id" BIGINT;

-- AlterTable
ALTER TABLE "ysjs_meeting" ADD COLUMN     "bed_count" INTEGER NOT NULL DEFAULT 2;

-- AlterTable
ALTER TABLE "ysjs_meeting_pickup" ADD COLUMN     "driver_id" BIGINT,
ADD COLUMN     "manual" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ysjs_registered_meeting" ADD COLUMN     "car_reason" VARCHAR(64),
ADD COLUMN     "house_reason" VARCHAR(64);
