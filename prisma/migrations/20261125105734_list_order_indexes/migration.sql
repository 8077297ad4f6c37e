-- CreateIndex
CREATE INDEX "blade_expert_basic_tenant_id_create_time_id_idx" ON "blade_expert_basic"("tenant_id", "create_time", "id");

-- CreateIndex
CREATE INDEX "blade_persion_table_tenant_id_create_time_id_idx" ON "blade_persion_table"("tenant_id", "create_time", "id");

-- CreateIndex
CREATE INDEX "blade_project_basic_tenant_id_create_time_id_idx" ON "blade_project_basic"("tenant_id", "create_time", "id");

-- CreateIndex
CREATE INDEX "blade_unit_association_tenant_id_create_time_id_idx" ON "blade_unit_association"("tenant_id", "create_time", "id");

-- CreateIndex
CREATE INDEX "blade_unit_table_tenant_id_create_time_id_idx" ON "blade_unit_table"("tenant_id", "create_time", "id");

-- CreateIndex
CREATE INDEX "kms_label_tenant_id_create_time_id_idx" ON "kms_label"("tenant_id", "create_time", "id");

-- CreateIndex
CREATE INDEX "ysjs_deal_tenant_id_signing_date_id_idx" ON "ysjs_deal"("tenant_id", "signing_date", "id");
