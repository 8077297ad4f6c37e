-- CreateTable
CREATE TABLE "blade_flow_service_call" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "instance_id" BIGINT NOT NULL,
    "activity_id" VARCHAR(255) NOT NULL,
    "visit" INTEGER NOT NULL,
    "service" VARCHAR(64) NOT NULL,
    "output" JSONB,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blade_flow_service_call_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "blade_flow_service_call_instance_id_activity_id_visit_key" ON "blade_flow_service_call"("instance_id", "activity_id", "visit");
