-- CreateTable
CREATE TABLE "blade_job_server" (
    "id" BIGINT NOT NULL,
    "job_server_name" VARCHAR(100) NOT NULL,
    "job_server_url" VARCHAR(255) NOT NULL,
    "job_app_name" VARCHAR(100) NOT NULL,
    "job_app_password" VARCHAR(100) NOT NULL,
    "job_remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_job_server_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_job_info" (
    "id" BIGINT NOT NULL,
    "job_server_id" BIGINT,
    "job_id" BIGINT,
    "job_name" VARCHAR(100) NOT NULL,
    "job_description" VARCHAR(500),
    "enable" INTEGER NOT NULL DEFAULT 0,
    "time_expression_type" INTEGER NOT NULL DEFAULT 2,
    "time_expression" VARCHAR(255),
    "execute_type" INTEGER NOT NULL DEFAULT 1,
    "processor_type" INTEGER NOT NULL DEFAULT 1,
    "processor_info" VARCHAR(500) NOT NULL,
    "dispatch_strategy" INTEGER NOT NULL DEFAULT 1,
    "lifecycle_start" TIMESTAMP(3),
    "lifecycle_end" TIMESTAMP(3),
    "job_params" VARCHAR(4000),
    "max_instance_num" INTEGER NOT NULL DEFAULT 0,
    "concurrency" INTEGER NOT NULL DEFAULT 5,
    "instance_time_limit" INTEGER NOT NULL DEFAULT 0,
    "instance_retry_num" INTEGER NOT NULL DEFAULT 0,
    "task_retry_num" INTEGER NOT NULL DEFAULT 0,
    "min_cpu_cores" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "min_memory_space" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "min_disk_space" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "designated_workers" VARCHAR(500),
    "max_worker_count" INTEGER NOT NULL DEFAULT 0,
    "notify_user_ids" VARCHAR(500),
    "alert_threshold" INTEGER NOT NULL DEFAULT 0,
    "statistic_window_len" INTEGER NOT NULL DEFAULT 0,
    "silence_window_len" INTEGER NOT NULL DEFAULT 0,
    "log_type" INTEGER NOT NULL DEFAULT 1,
    "log_level" INTEGER NOT NULL DEFAULT 2,
    "extra" VARCHAR(1000),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_job_info_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_job_instance" (
    "id" BIGINT NOT NULL,
    "job_info_id" BIGINT NOT NULL,
    "trigger" INTEGER NOT NULL DEFAULT 1,
    "planned_time" TIMESTAMPTZ(3) NOT NULL,
    "start_time" TIMESTAMPTZ(3),
    "end_time" TIMESTAMPTZ(3),
    "status" VARCHAR(16) NOT NULL DEFAULT 'waiting',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "result" VARCHAR(2000),
    "log" TEXT,
    "worker_id" VARCHAR(100),
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_time" TIMESTAMP(3),

    CONSTRAINT "blade_job_instance_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blade_job_info_job_server_id_idx" ON "blade_job_info"("job_server_id");

-- CreateIndex
CREATE INDEX "blade_job_instance_job_info_id_status_idx" ON "blade_job_instance"("job_info_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "blade_job_instance_job_info_id_planned_time_key" ON "blade_job_instance"("job_info_id", "planned_time");
