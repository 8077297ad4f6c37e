-- Issue 27 / decision 031: indexes serving the flow (claim, todo, done, sent, running instances),
-- survey (surveys, a unit's fillings, a survey's fillings), expert and unit picker and user lists:
-- tenant filter, equality filters, the list's order and id as the tiebreak (decision 024's shape).
-- The narrower indexes they replace are dropped (each is a prefix of, or reordered into, the new one).
-- DropIndex
DROP INDEX "blade_expert_basic_tenant_id_name_idx";

-- DropIndex
DROP INDEX "blade_flow_instance_tenant_id_start_user_id_idx";

-- DropIndex
DROP INDEX "blade_flow_instance_tenant_id_status_idx";

-- DropIndex
DROP INDEX "blade_flow_task_tenant_id_assignee_end_time_idx";

-- DropIndex
DROP INDEX "blade_flow_task_tenant_id_status_assignee_idx";

-- DropIndex
DROP INDEX "blade_unit_table_tenant_id_unit_name_idx";

-- DropIndex
DROP INDEX "ysjs_survey_example_tenant_id_owner_key_idx";

-- CreateIndex
CREATE INDEX "blade_expert_basic_tenant_id_name_id_idx" ON "blade_expert_basic"("tenant_id", "name", "id");

-- CreateIndex
CREATE INDEX "blade_flow_instance_tenant_id_status_start_time_id_idx" ON "blade_flow_instance"("tenant_id", "status", "start_time", "id");

-- CreateIndex
CREATE INDEX "blade_flow_instance_tenant_id_start_user_id_start_time_id_idx" ON "blade_flow_instance"("tenant_id", "start_user_id", "start_time", "id");

-- CreateIndex
CREATE INDEX "blade_flow_task_tenant_id_status_assignee_create_time_id_idx" ON "blade_flow_task"("tenant_id", "status", "assignee", "create_time", "id");

-- CreateIndex
CREATE INDEX "blade_flow_task_tenant_id_assignee_status_end_time_id_idx" ON "blade_flow_task"("tenant_id", "assignee", "status", "end_time", "id");

-- CreateIndex
CREATE INDEX "blade_unit_table_tenant_id_unit_name_id_idx" ON "blade_unit_table"("tenant_id", "unit_name", "id");

-- CreateIndex
CREATE INDEX "blade_user_tenant_id_is_deleted_id_idx" ON "blade_user"("tenant_id", "is_deleted", "id");

-- CreateIndex
CREATE INDEX "ysjs_survey_tenant_id_is_deleted_create_time_id_idx" ON "ysjs_survey"("tenant_id", "is_deleted", "create_time", "id");

-- CreateIndex
CREATE INDEX "ysjs_survey_example_tenant_id_owner_key_create_time_id_idx" ON "ysjs_survey_example"("tenant_id", "owner_key", "create_time", "id");

-- CreateIndex
CREATE INDEX "ysjs_survey_example_tenant_id_survey_id_update_time_id_idx" ON "ysjs_survey_example"("tenant_id", "survey_id", "update_time", "id");

