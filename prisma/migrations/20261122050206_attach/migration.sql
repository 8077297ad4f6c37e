-- CreateTable
CREATE TABLE "blade_attach" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "link" VARCHAR(1000) NOT NULL,
    "domain" VARCHAR(500),
    "name" VARCHAR(500) NOT NULL,
    "original_name" VARCHAR(500),
    "extension" VARCHAR(12),
    "attach_size" BIGINT,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_attach_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blade_attach_tenant_id_name_idx" ON "blade_attach"("tenant_id", "name");
