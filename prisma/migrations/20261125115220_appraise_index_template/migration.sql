-- CreateTable
CREATE TABLE "ysjs_appraise_index_template" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "name" VARCHAR(255) NOT NULL,
    "outcome_type" INTEGER,
    "index_list" JSONB NOT NULL,
    "remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_appraise_index_template_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ysjs_appraise_index_template_tenant_id_outcome_type_idx" ON "ysjs_appraise_index_template"("tenant_id", "outcome_type");
