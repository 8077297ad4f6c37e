-- CreateTable
CREATE TABLE "blade_unit_table" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "unit_name" VARCHAR(255) NOT NULL,
    "credit_code" VARCHAR(32),
    "address" VARCHAR(255),
    "contact" VARCHAR(64),
    "phone" VARCHAR(32),
    "nature" VARCHAR(64),
    "remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_unit_table_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_unit_association" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "expert_id" BIGINT NOT NULL,
    "unit_id" BIGINT NOT NULL,
    "role" VARCHAR(64),
    "start_date" DATE,
    "end_date" DATE,
    "remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_unit_association_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_persion_table" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "unit_id" BIGINT,
    "name" VARCHAR(64) NOT NULL,
    "sex" INTEGER,
    "position" VARCHAR(128),
    "title" VARCHAR(64),
    "phone" VARCHAR(32),
    "email" VARCHAR(128),
    "remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_persion_table_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_project_basic" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "project_name" VARCHAR(255) NOT NULL,
    "project_no" VARCHAR(64),
    "source" VARCHAR(255),
    "leader" VARCHAR(64),
    "start_date" DATE,
    "end_date" DATE,
    "summary" VARCHAR(2000),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_project_basic_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_project_unit" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "project_id" BIGINT NOT NULL,
    "unit_id" BIGINT NOT NULL,
    "role" VARCHAR(64),
    "sort" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_project_unit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_project_person" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "project_id" BIGINT NOT NULL,
    "person_id" BIGINT,
    "name" VARCHAR(64) NOT NULL,
    "work_unit" VARCHAR(255),
    "duty" VARCHAR(128),
    "sort" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_project_person_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kms_main_expert" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "main_id" BIGINT NOT NULL,
    "expert_id" BIGINT NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "kms_main_expert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blade_unit_table_tenant_id_unit_name_idx" ON "blade_unit_table"("tenant_id", "unit_name");

-- CreateIndex
CREATE INDEX "blade_unit_association_tenant_id_expert_id_idx" ON "blade_unit_association"("tenant_id", "expert_id");

-- CreateIndex
CREATE INDEX "blade_unit_association_tenant_id_unit_id_idx" ON "blade_unit_association"("tenant_id", "unit_id");

-- CreateIndex
CREATE INDEX "blade_persion_table_tenant_id_unit_id_idx" ON "blade_persion_table"("tenant_id", "unit_id");

-- CreateIndex
CREATE INDEX "blade_project_basic_tenant_id_project_name_idx" ON "blade_project_basic"("tenant_id", "project_name");

-- CreateIndex
CREATE UNIQUE INDEX "blade_project_unit_project_id_unit_id_key" ON "blade_project_unit"("project_id", "unit_id");

-- CreateIndex
CREATE INDEX "blade_project_person_project_id_idx" ON "blade_project_person"("project_id");

-- CreateIndex
CREATE INDEX "kms_main_expert_tenant_id_main_id_idx" ON "kms_main_expert"("tenant_id", "main_id");

-- CreateIndex
CREATE INDEX "kms_main_expert_expert_id_idx" ON "kms_main_expert"("expert_id");
