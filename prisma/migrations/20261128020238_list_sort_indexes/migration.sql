-- CreateIndex
CREATE INDEX "blade_log_api_tenant_id_status_create_time_id_idx" ON "blade_log_api"("tenant_id", "status", "create_time" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "blade_notice_tenant_id_is_deleted_create_time_id_idx" ON "blade_notice"("tenant_id", "is_deleted", "create_time", "id");
