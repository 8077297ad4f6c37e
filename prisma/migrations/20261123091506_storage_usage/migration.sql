-- CreateTable
CREATE TABLE "blade_storage_usage" (
    "tenant_id" VARCHAR(12) NOT NULL,
    "used_bytes" BIGINT NOT NULL DEFAULT 0,
    "update_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blade_storage_usage_pkey" PRIMARY KEY ("tenant_id")
);

-- Start from what the attachment rows already account for (soft-deleted rows too: their files stay in
-- the store). Files stored through put-file without a row were never recorded and cannot be counted.
INSERT INTO "blade_storage_usage" ("tenant_id", "used_bytes")
SELECT "tenant_id", COALESCE(SUM("attach_size"), 0) FROM "blade_attach" GROUP BY "tenant_id";
