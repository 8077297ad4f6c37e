-- CreateTable
CREATE TABLE "blade_oss" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "category" INTEGER NOT NULL,
    "oss_code" VARCHAR(32),
    "endpoint" VARCHAR(255),
    "access_key" VARCHAR(255),
    "secret_key" VARCHAR(255),
    "bucket_name" VARCHAR(63) NOT NULL,
    "app_id" VARCHAR(255),
    "region" VARCHAR(255),
    "remark" VARCHAR(255),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_oss_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_attach_file" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "name" VARCHAR(255) NOT NULL,
    "remark" VARCHAR(500),
    "assort_id" BIGINT,
    "code" VARCHAR(64),
    "sort_num" INTEGER,
    "attach_id" BIGINT NOT NULL,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_attach_file_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_assort" (
    "id" BIGINT NOT NULL,
    "parent_id" BIGINT NOT NULL DEFAULT 0,
    "name" VARCHAR(255) NOT NULL,
    "code" VARCHAR(64),
    "remark" VARCHAR(500),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_assort_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_template" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "name" VARCHAR(255) NOT NULL,
    "remark" VARCHAR(500),
    "type" VARCHAR(64),
    "content" TEXT,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_template_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blade_oss_tenant_id_status_idx" ON "blade_oss"("tenant_id", "status");

-- CreateIndex
CREATE INDEX "ysjs_attach_file_tenant_id_assort_id_idx" ON "ysjs_attach_file"("tenant_id", "assort_id");

-- CreateIndex
CREATE INDEX "ysjs_attach_file_attach_id_idx" ON "ysjs_attach_file"("attach_id");

-- CreateIndex
CREATE INDEX "blade_assort_parent_id_idx" ON "blade_assort"("parent_id");

-- CreateIndex
CREATE INDEX "blade_assort_code_idx" ON "blade_assort"("code");

-- CreateIndex
CREATE INDEX "ysjs_template_tenant_id_idx" ON "ysjs_template"("tenant_id");
