-- CreateTable
CREATE TABLE "ysjs_trading_project" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "title" VARCHAR(255) NOT NULL,
    "technology_type" INTEGER NOT NULL,
    "technical_source" INTEGER,
    "source" VARCHAR(255),
    "industry_type" INTEGER NOT NULL,
    "project_country" INTEGER,
    "intent_price" DECIMAL(14,2),
    "collaboration_mode" INTEGER NOT NULL,
    "patent_situation" INTEGER,
    "project_phase" INTEGER,
    "ascription" VARCHAR(255),
    "content" TEXT,
    "is_secret" INTEGER NOT NULL DEFAULT 1,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_trading_project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_deal" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "project_id" BIGINT NOT NULL,
    "contract_no" VARCHAR(64) NOT NULL,
    "buyer_unit" VARCHAR(255) NOT NULL,
    "seller_unit" VARCHAR(255) NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "signing_date" DATE NOT NULL,
    "deal_status" INTEGER NOT NULL DEFAULT 1,
    "file_attach" VARCHAR(1000),
    "file_name" VARCHAR(255),
    "remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_deal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_appraise_equity" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "results_id" BIGINT NOT NULL,
    "type" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "country" INTEGER NOT NULL,
    "accredit_no" VARCHAR(100) NOT NULL,
    "accredit_time" DATE NOT NULL,
    "certificate_no" VARCHAR(100) NOT NULL,
    "obligee" VARCHAR(255) NOT NULL,
    "inventor" VARCHAR(255) NOT NULL,
    "is_effective" INTEGER NOT NULL DEFAULT 1,
    "file_attach" VARCHAR(1000) NOT NULL,
    "file_name" VARCHAR(255),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_appraise_equity_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ysjs_trading_project_tenant_id_create_time_idx" ON "ysjs_trading_project"("tenant_id", "create_time");

-- CreateIndex
CREATE INDEX "ysjs_deal_tenant_id_contract_no_idx" ON "ysjs_deal"("tenant_id", "contract_no");

-- CreateIndex
CREATE INDEX "ysjs_deal_tenant_id_project_id_idx" ON "ysjs_deal"("tenant_id", "project_id");

-- CreateIndex
CREATE INDEX "ysjs_appraise_equity_tenant_id_results_id_idx" ON "ysjs_appraise_equity"("tenant_id", "results_id");
