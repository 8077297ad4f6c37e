-- CreateTable
CREATE TABLE "ysjs_appraise_results" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "agreement_number" VARCHAR(12),
    "name" VARCHAR(255) NOT NULL DEFAULT '',
    "first_party" VARCHAR(255),
    "signing_location" VARCHAR(255),
    "signing_date" DATE,
    "results_source" TEXT,
    "outcome_type" INTEGER,
    "synopsis" TEXT,
    "appraise_type" VARCHAR(64),
    "meeting_type" INTEGER,
    "meeting_time" TIMESTAMP(3),
    "meeting_venue" VARCHAR(255),
    "total_score" DECIMAL(4,1),
    "grade" VARCHAR(32),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 0,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_appraise_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_appraise_unit" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "results_id" BIGINT NOT NULL,
    "unit_name" VARCHAR(255) NOT NULL DEFAULT '',
    "postcode" VARCHAR(6),
    "address" VARCHAR(255),
    "name" VARCHAR(50),
    "phone" VARCHAR(20),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_appraise_unit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_appraise_people" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "results_id" BIGINT NOT NULL,
    "name" VARCHAR(50) NOT NULL DEFAULT '',
    "sex" INTEGER NOT NULL DEFAULT 1,
    "birth_time" VARCHAR(7),
    "job_name" INTEGER,
    "educational_level" INTEGER,
    "work_unit" BIGINT,
    "contribution" VARCHAR(1000),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_appraise_people_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_appraise_principal" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "results_id" BIGINT NOT NULL,
    "unit_name" VARCHAR(255),
    "duty_number" VARCHAR(64),
    "legal_person" VARCHAR(50),
    "address" VARCHAR(255),
    "agent" VARCHAR(50),
    "phone" VARCHAR(20),
    "name" VARCHAR(50),
    "card_number" VARCHAR(255),
    "postcode" VARCHAR(6),
    "account_number" VARCHAR(64),
    "fax" VARCHAR(20),
    "person_mail" VARCHAR(128),
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_appraise_principal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_appraise_event" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "results_id" BIGINT NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "from_status" INTEGER,
    "to_status" INTEGER,
    "content" VARCHAR(2000),
    "user_id" BIGINT,
    "user_name" VARCHAR(64),
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ysjs_appraise_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_appraise_index" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "results_id" BIGINT NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "weight" DECIMAL(6,2) NOT NULL,
    "meaning" VARCHAR(1000),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "score" DECIMAL(4,1),
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_appraise_index_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_appraise_basic" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "results_id" BIGINT NOT NULL,
    "expert_id" BIGINT NOT NULL,
    "user_id" BIGINT,
    "opinion" VARCHAR(2000),
    "scored_time" TIMESTAMP(3),
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_appraise_basic_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_appraise_score" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "results_id" BIGINT NOT NULL,
    "index_id" BIGINT NOT NULL,
    "expert_id" BIGINT NOT NULL,
    "score" DECIMAL(4,1) NOT NULL,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ysjs_appraise_score_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_appraise_form" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "results_id" BIGINT NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "data" JSONB NOT NULL,
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_appraise_form_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_appraise_attach" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "results_id" BIGINT NOT NULL,
    "attach_id" BIGINT NOT NULL,
    "assort_id" BIGINT,
    "kind" VARCHAR(16) NOT NULL DEFAULT 'upload',
    "name" VARCHAR(255) NOT NULL,
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_appraise_attach_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ysjs_appraise_results_tenant_id_status_idx" ON "ysjs_appraise_results"("tenant_id", "status");

-- CreateIndex
CREATE INDEX "ysjs_appraise_results_tenant_id_create_user_idx" ON "ysjs_appraise_results"("tenant_id", "create_user");

-- CreateIndex
CREATE UNIQUE INDEX "ysjs_appraise_results_tenant_id_agreement_number_key" ON "ysjs_appraise_results"("tenant_id", "agreement_number");

-- CreateIndex
CREATE INDEX "ysjs_appraise_unit_tenant_id_results_id_idx" ON "ysjs_appraise_unit"("tenant_id", "results_id");

-- CreateIndex
CREATE INDEX "ysjs_appraise_people_tenant_id_results_id_idx" ON "ysjs_appraise_people"("tenant_id", "results_id");

-- CreateIndex
CREATE INDEX "ysjs_appraise_principal_tenant_id_results_id_idx" ON "ysjs_appraise_principal"("tenant_id", "results_id");

-- CreateIndex
CREATE INDEX "ysjs_appraise_event_tenant_id_results_id_create_time_idx" ON "ysjs_appraise_event"("tenant_id", "results_id", "create_time");

-- CreateIndex
CREATE INDEX "ysjs_appraise_index_tenant_id_results_id_idx" ON "ysjs_appraise_index"("tenant_id", "results_id");

-- CreateIndex
CREATE INDEX "ysjs_appraise_basic_tenant_id_results_id_idx" ON "ysjs_appraise_basic"("tenant_id", "results_id");

-- CreateIndex
CREATE INDEX "ysjs_appraise_basic_tenant_id_user_id_idx" ON "ysjs_appraise_basic"("tenant_id", "user_id");

-- CreateIndex
CREATE INDEX "ysjs_appraise_score_tenant_id_results_id_idx" ON "ysjs_appraise_score"("tenant_id", "results_id");

-- CreateIndex
CREATE UNIQUE INDEX "ysjs_appraise_score_index_id_expert_id_key" ON "ysjs_appraise_score"("index_id", "expert_id");

-- CreateIndex
CREATE INDEX "ysjs_appraise_form_tenant_id_results_id_kind_idx" ON "ysjs_appraise_form"("tenant_id", "results_id", "kind");

-- CreateIndex
CREATE INDEX "ysjs_appraise_attach_tenant_id_results_id_idx" ON "ysjs_appraise_attach"("tenant_id", "results_id");
