-- CreateTable
CREATE TABLE "ysjs_survey" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "name" VARCHAR(100) NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "cover" VARCHAR(1000),
    "description" VARCHAR(2000),
    "target_type" INTEGER NOT NULL DEFAULT 0,
    "target_ids" VARCHAR(4000) NOT NULL DEFAULT '',
    "is_industry" INTEGER NOT NULL DEFAULT 1,
    "state" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "previous_id" BIGINT,
    "publish_time" TIMESTAMP(3),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_survey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_survey_question" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "survey_id" BIGINT NOT NULL,
    "question_text" VARCHAR(500) NOT NULL,
    "type" INTEGER NOT NULL,
    "page" INTEGER NOT NULL DEFAULT 1,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_survey_question_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_survey_option" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "survey_id" BIGINT NOT NULL,
    "question_id" BIGINT NOT NULL,
    "option_text" VARCHAR(200) NOT NULL,
    "is_input" INTEGER NOT NULL DEFAULT 0,
    "sort" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_survey_option_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_survey_example" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "survey_id" BIGINT NOT NULL,
    "owner_key" VARCHAR(24) NOT NULL,
    "firm_id" BIGINT,
    "firm_name" VARCHAR(100),
    "user_id" BIGINT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 2,
    "back_reason" VARCHAR(500),
    "submit_time" TIMESTAMP(3),
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),

    CONSTRAINT "ysjs_survey_example_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_survey_answer" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "example_id" BIGINT NOT NULL,
    "survey_id" BIGINT NOT NULL,
    "question_id" BIGINT NOT NULL,
    "option_id" BIGINT,
    "input_text" VARCHAR(2000),

    CONSTRAINT "ysjs_survey_answer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_company" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "survey_id" BIGINT NOT NULL,
    "owner_key" VARCHAR(24) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "address" VARCHAR(255),
    "contact" VARCHAR(50),
    "phone" VARCHAR(30),
    "email" VARCHAR(50),
    "industry_field" VARCHAR(1000) NOT NULL DEFAULT '',
    "province_code" VARCHAR(12),
    "province_name" VARCHAR(50),
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),

    CONSTRAINT "blade_company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_industry_field" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "name" VARCHAR(64) NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_industry_field_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ysjs_survey_tenant_id_code_idx" ON "ysjs_survey"("tenant_id", "code");

-- CreateIndex
CREATE INDEX "ysjs_survey_question_tenant_id_survey_id_page_sort_idx" ON "ysjs_survey_question"("tenant_id", "survey_id", "page", "sort");

-- CreateIndex
CREATE INDEX "ysjs_survey_option_question_id_sort_idx" ON "ysjs_survey_option"("question_id", "sort");

-- CreateIndex
CREATE INDEX "ysjs_survey_example_tenant_id_owner_key_idx" ON "ysjs_survey_example"("tenant_id", "owner_key");

-- CreateIndex
CREATE UNIQUE INDEX "ysjs_survey_example_survey_id_owner_key_key" ON "ysjs_survey_example"("survey_id", "owner_key");

-- CreateIndex
CREATE INDEX "ysjs_survey_answer_example_id_idx" ON "ysjs_survey_answer"("example_id");

-- CreateIndex
CREATE INDEX "ysjs_survey_answer_survey_id_question_id_idx" ON "ysjs_survey_answer"("survey_id", "question_id");

-- CreateIndex
CREATE INDEX "blade_company_tenant_id_owner_key_idx" ON "blade_company"("tenant_id", "owner_key");

-- CreateIndex
CREATE UNIQUE INDEX "blade_company_survey_id_owner_key_key" ON "blade_company"("survey_id", "owner_key");

-- CreateIndex
CREATE INDEX "ysjs_industry_field_tenant_id_sort_idx" ON "ysjs_industry_field"("tenant_id", "sort");
