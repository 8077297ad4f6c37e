-- CreateTable
CREATE TABLE "blade_storage_usage" (
    "tenant_id" VARCHAR(12) NOT NULL,
    "used_bytes" BIGINT NOT NULL DEFAULT 0,
    "update_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blade_storage_usage_pkey" PRIMARY KEY ("tenant_id")
);
