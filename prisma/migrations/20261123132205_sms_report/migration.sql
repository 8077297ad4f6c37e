-- AlterTable
ALTER TABLE "blade_log_api" ADD COLUMN     "status" INTEGER;

-- CreateTable
CREATE TABLE "blade_sms" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "category" INTEGER NOT NULL,
    "sms_code" VARCHAR(64) NOT NULL,
    "template_id" VARCHAR(64) NOT NULL,
    "access_key" VARCHAR(255),
    "secret_key" VARCHAR(255),
    "region_id" VARCHAR(64),
    "sign_name" VARCHAR(64),
    "app_id" VARCHAR(64),
    "endpoint" VARCHAR(255),
    "remark" VARCHAR(255),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_sms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_report_file" (
    "id" BIGINT NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "content" BYTEA,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_time" TIMESTAMP(3),
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_report_file_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blade_sms_tenant_id_status_idx" ON "blade_sms"("tenant_id", "status");
