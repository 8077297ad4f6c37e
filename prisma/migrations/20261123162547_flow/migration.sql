-- CreateTable
CREATE TABLE "blade_flow_model" (
    "id" BIGINT NOT NULL,
    "model_key" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(1000),
    "model_type" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "xml" TEXT NOT NULL,
    "created_by" VARCHAR(255),
    "last_updated_by" VARCHAR(255),
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_updated" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_flow_model_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_flow_definition" (
    "id" VARCHAR(255) NOT NULL,
    "deployment_id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '',
    "key" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255),
    "description" VARCHAR(1000),
    "category" VARCHAR(64),
    "version" INTEGER NOT NULL,
    "resource_name" VARCHAR(255) NOT NULL,
    "xml" TEXT NOT NULL,
    "suspension_state" INTEGER NOT NULL DEFAULT 1,
    "deployment_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blade_flow_definition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_flow_instance" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "definition_id" VARCHAR(255) NOT NULL,
    "business_key" VARCHAR(255),
    "start_user_id" BIGINT,
    "start_user" VARCHAR(255),
    "state" JSONB,
    "variables" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "status" INTEGER NOT NULL DEFAULT 1,
    "delete_reason" VARCHAR(500),
    "timer_due" TIMESTAMP(3),
    "start_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "end_time" TIMESTAMP(3),

    CONSTRAINT "blade_flow_instance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_flow_task" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "instance_id" BIGINT NOT NULL,
    "definition_id" VARCHAR(255) NOT NULL,
    "execution_id" VARCHAR(255) NOT NULL,
    "task_definition_key" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255),
    "assignee" VARCHAR(64),
    "candidate_users" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "candidate_groups" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claim_time" TIMESTAMP(3),
    "due_date" TIMESTAMP(3),
    "end_time" TIMESTAMP(3),
    "comment" VARCHAR(1000),
    "pass" BOOLEAN,
    "status" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "blade_flow_task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_flow_history" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "instance_id" BIGINT NOT NULL,
    "activity_id" VARCHAR(255) NOT NULL,
    "activity_name" VARCHAR(255),
    "activity_type" VARCHAR(64) NOT NULL,
    "execution_id" VARCHAR(255),
    "assignee" VARCHAR(64),
    "comment" VARCHAR(1000),
    "start_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "end_time" TIMESTAMP(3),
    "seq" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_flow_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_process_leave" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "process_definition_id" VARCHAR(255),
    "process_instance_id" VARCHAR(64),
    "start_time" TIMESTAMP(3),
    "end_time" TIMESTAMP(3),
    "days" INTEGER,
    "reason" VARCHAR(1000),
    "task_user" VARCHAR(64),
    "apply_time" TIMESTAMP(3),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_process_leave_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blade_flow_model_model_key_idx" ON "blade_flow_model"("model_key");

-- CreateIndex
CREATE INDEX "blade_flow_definition_deployment_id_idx" ON "blade_flow_definition"("deployment_id");

-- CreateIndex
CREATE UNIQUE INDEX "blade_flow_definition_tenant_id_key_version_key" ON "blade_flow_definition"("tenant_id", "key", "version");

-- CreateIndex
CREATE INDEX "blade_flow_instance_tenant_id_status_idx" ON "blade_flow_instance"("tenant_id", "status");

-- CreateIndex
CREATE INDEX "blade_flow_instance_tenant_id_start_user_id_idx" ON "blade_flow_instance"("tenant_id", "start_user_id");

-- CreateIndex
CREATE INDEX "blade_flow_instance_status_timer_due_idx" ON "blade_flow_instance"("status", "timer_due");

-- CreateIndex
CREATE INDEX "blade_flow_task_tenant_id_status_assignee_idx" ON "blade_flow_task"("tenant_id", "status", "assignee");

-- CreateIndex
CREATE INDEX "blade_flow_task_tenant_id_assignee_end_time_idx" ON "blade_flow_task"("tenant_id", "assignee", "end_time");

-- CreateIndex
CREATE UNIQUE INDEX "blade_flow_task_instance_id_execution_id_key" ON "blade_flow_task"("instance_id", "execution_id");

-- CreateIndex
CREATE INDEX "blade_flow_history_instance_id_seq_idx" ON "blade_flow_history"("instance_id", "seq");

-- CreateIndex
CREATE INDEX "blade_process_leave_tenant_id_create_user_idx" ON "blade_process_leave"("tenant_id", "create_user");
