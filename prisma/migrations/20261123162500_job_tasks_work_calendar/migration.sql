-- CreateTable
CREATE TABLE "blade_job_task" (
    "id" BIGINT NOT NULL,
    "instance_id" BIGINT NOT NULL,
    "job_info_id" BIGINT NOT NULL,
    "task_key" VARCHAR(120) NOT NULL,
    "worker_id" VARCHAR(100),
    "status" VARCHAR(16) NOT NULL DEFAULT 'waiting',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "payload" TEXT,
    "result" VARCHAR(2000),
    "start_time" TIMESTAMPTZ(3),
    "end_time" TIMESTAMPTZ(3),
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_time" TIMESTAMP(3),

    CONSTRAINT "blade_job_task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_work_calendar" (
    "day" DATE NOT NULL,
    "year" INTEGER NOT NULL,
    "kind" INTEGER NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blade_work_calendar_pkey" PRIMARY KEY ("day")
);

-- CreateIndex
CREATE UNIQUE INDEX "blade_job_task_instance_id_task_key_key" ON "blade_job_task"("instance_id", "task_key");

-- CreateIndex
CREATE INDEX "blade_work_calendar_year_idx" ON "blade_work_calendar"("year");
