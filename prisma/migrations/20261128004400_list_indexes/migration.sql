-- Keyword filters on Chinese text (3+ characters) go through trigram indexes (decision 022). pg_trgm ships
-- with PostgreSQL (the Debian postgresql-15 package includes contrib), and creating it needs a superuser or
-- the database owner on PostgreSQL 13+ (it is a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- DropIndex
DROP INDEX "blade_log_api_tenant_id_create_time_idx";

-- DropIndex
DROP INDEX "blade_log_error_tenant_id_create_time_idx";

-- DropIndex
DROP INDEX "blade_log_usual_tenant_id_create_time_idx";

-- DropIndex
DROP INDEX "blade_notice_tenant_id_release_time_idx";

-- DropIndex
DROP INDEX "ysjs_registered_meeting_tenant_id_meeting_id_idx";

-- DropIndex
DROP INDEX "ysjs_trading_project_tenant_id_create_time_idx";

-- CreateIndex
CREATE INDEX "blade_expert_basic_name_trgm_idx" ON "blade_expert_basic" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "blade_job_instance_job_info_id_planned_time_id_idx" ON "blade_job_instance"("job_info_id", "planned_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "blade_job_instance_create_time_idx" ON "blade_job_instance"("create_time");

-- CreateIndex
CREATE INDEX "blade_log_api_tenant_id_create_time_id_idx" ON "blade_log_api"("tenant_id", "create_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "blade_log_api_create_time_idx" ON "blade_log_api"("create_time");

-- CreateIndex
CREATE INDEX "blade_log_error_tenant_id_create_time_id_idx" ON "blade_log_error"("tenant_id", "create_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "blade_log_error_create_time_idx" ON "blade_log_error"("create_time");

-- CreateIndex
CREATE INDEX "blade_log_usual_tenant_id_create_time_id_idx" ON "blade_log_usual"("tenant_id", "create_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "blade_log_usual_create_time_idx" ON "blade_log_usual"("create_time");

-- CreateIndex
CREATE INDEX "blade_notice_tenant_id_is_deleted_release_time_id_idx" ON "blade_notice"("tenant_id", "is_deleted", "release_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "blade_notice_title_trgm_idx" ON "blade_notice" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ysjs_appraise_results_name_trgm_idx" ON "ysjs_appraise_results" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ysjs_meeting_tenant_id_is_deleted_start_time_id_idx" ON "ysjs_meeting"("tenant_id", "is_deleted", "start_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "ysjs_meeting_invoicing_tenant_id_is_deleted_create_time_id_idx" ON "ysjs_meeting_invoicing"("tenant_id", "is_deleted", "create_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "ysjs_meeting_registrants_tenant_id_is_deleted_create_time_i_idx" ON "ysjs_meeting_registrants"("tenant_id", "is_deleted", "create_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "ysjs_registered_meeting_tenant_id_meeting_id_is_deleted_cre_idx" ON "ysjs_registered_meeting"("tenant_id", "meeting_id", "is_deleted", "create_time", "id");

-- CreateIndex
CREATE INDEX "ysjs_registered_meeting_name_trgm_idx" ON "ysjs_registered_meeting" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ysjs_trading_project_tenant_id_is_deleted_create_time_id_idx" ON "ysjs_trading_project"("tenant_id", "is_deleted", "create_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "ysjs_trading_project_title_trgm_idx" ON "ysjs_trading_project" USING GIN ("title" gin_trgm_ops);
