-- AlterTable
ALTER TABLE "blade_flow_definition" ADD COLUMN     "warnings" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "blade_flow_instance" ADD COLUMN     "problem" VARCHAR(1000);

-- AlterTable
ALTER TABLE "blade_flow_task" ADD COLUMN     "problem" VARCHAR(1000);
