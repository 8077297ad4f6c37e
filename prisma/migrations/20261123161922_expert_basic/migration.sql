-- CreateTable
CREATE TABLE "blade_expert_basic" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "user_id" BIGINT,
    "name" VARCHAR(64),
    "english_name" VARCHAR(128),
    "nickname" VARCHAR(64),
    "sex" INTEGER,
    "id_type" VARCHAR(32),
    "id_number" VARCHAR(64),
    "nationality" VARCHAR(64),
    "birty" DATE,
    "nation" VARCHAR(32),
    "party" VARCHAR(64),
    "position" VARCHAR(128),
    "level" VARCHAR(64),
    "work_id" VARCHAR(64),
    "educational" VARCHAR(64),
    "degree" VARCHAR(64),
    "school" VARCHAR(255),
    "graduation_year" VARCHAR(16),
    "studied" VARCHAR(255),
    "work_status" VARCHAR(64),
    "work_unit" VARCHAR(255),
    "unit_nature" VARCHAR(64),
    "fixed_phone" VARCHAR(32),
    "postal_code" VARCHAR(16),
    "mobile_phone" VARCHAR(32),
    "email" VARCHAR(128),
    "address" VARCHAR(255),
    "postal_home" VARCHAR(255),
    "secretary_name" VARCHAR(64),
    "secretary_phone" VARCHAR(32),
    "direction" VARCHAR(255),
    "is_supervisor" INTEGER NOT NULL DEFAULT 0,
    "is_sciences" INTEGER NOT NULL DEFAULT 0,
    "is_engineering" INTEGER NOT NULL DEFAULT 0,
    "contributions" TEXT,
    "profession" VARCHAR(255),
    "introduction" TEXT,
    "picture_url" VARCHAR(1000),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_expert_basic_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blade_expert_basic_tenant_id_name_idx" ON "blade_expert_basic"("tenant_id", "name");

-- CreateIndex
CREATE INDEX "blade_expert_basic_tenant_id_user_id_idx" ON "blade_expert_basic"("tenant_id", "user_id");
