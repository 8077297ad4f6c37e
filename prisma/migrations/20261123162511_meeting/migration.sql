-- CreateTable
CREATE TABLE "ysjs_meeting" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "name" VARCHAR(255) NOT NULL,
    "start_time" TIMESTAMP(3) NOT NULL,
    "end_time" TIMESTAMP(3) NOT NULL,
    "address" VARCHAR(255) NOT NULL,
    "content" TEXT,
    "meeting_type" INTEGER NOT NULL DEFAULT 2,
    "meeting_status" INTEGER NOT NULL DEFAULT 1,
    "shelves" INTEGER NOT NULL DEFAULT 0,
    "price_items" JSONB NOT NULL DEFAULT '[]',
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_meeting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_registered_meeting" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "meeting_id" BIGINT NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "sex" INTEGER NOT NULL DEFAULT 1,
    "unit_name" VARCHAR(255) NOT NULL,
    "phone" VARCHAR(32) NOT NULL,
    "position" VARCHAR(128),
    "arrival_time" TIMESTAMP(3),
    "departure_time" TIMESTAMP(3),
    "arrival_station" VARCHAR(128),
    "room_wish" INTEGER NOT NULL DEFAULT 2,
    "invoice_title" VARCHAR(255),
    "tax_number" VARCHAR(64),
    "invoice_type" INTEGER,
    "invoice_no" VARCHAR(64),
    "invoice_amount" DECIMAL(14,2),
    "invoice_status" INTEGER NOT NULL DEFAULT 0,
    "price" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "pay_status" INTEGER NOT NULL DEFAULT 0,
    "house_no" VARCHAR(32),
    "house_manual" INTEGER NOT NULL DEFAULT 0,
    "car_no" VARCHAR(32),
    "car_manual" INTEGER NOT NULL DEFAULT 0,
    "pickup_id" BIGINT,
    "remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_registered_meeting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_meeting_invoicing_return" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "registered_id" BIGINT NOT NULL,
    "meeting_id" BIGINT NOT NULL,
    "action" INTEGER NOT NULL,
    "invoice_no" VARCHAR(64),
    "reason" VARCHAR(500),
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ysjs_meeting_invoicing_return_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_meeting_pickup" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "meeting_id" BIGINT NOT NULL,
    "car_id" BIGINT NOT NULL,
    "plate_no" VARCHAR(32) NOT NULL,
    "driver_name" VARCHAR(64),
    "escort_id" BIGINT,
    "escort_name" VARCHAR(64),
    "station" VARCHAR(128) NOT NULL,
    "pickup_time" TIMESTAMP(3) NOT NULL,
    "busy_until" TIMESTAMP(3) NOT NULL,
    "passengers" INTEGER NOT NULL DEFAULT 0,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ysjs_meeting_pickup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_meeting_calendar" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "meeting_id" BIGINT,
    "title" VARCHAR(255) NOT NULL,
    "start_time" TIMESTAMP(3) NOT NULL,
    "end_time" TIMESTAMP(3),
    "place" VARCHAR(255),
    "content" VARCHAR(2000),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_meeting_calendar_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_meeting_registrants" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "user_id" BIGINT,
    "name" VARCHAR(64) NOT NULL,
    "sex" INTEGER NOT NULL DEFAULT 1,
    "unit_name" VARCHAR(255) NOT NULL,
    "phone" VARCHAR(32) NOT NULL,
    "position" VARCHAR(128),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_meeting_registrants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_meeting_invoicing" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "invoice_title" VARCHAR(255) NOT NULL,
    "tax_number" VARCHAR(64) NOT NULL,
    "invoice_type" INTEGER NOT NULL DEFAULT 1,
    "address" VARCHAR(255),
    "phone" VARCHAR(32),
    "bank_name" VARCHAR(128),
    "bank_account" VARCHAR(64),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_meeting_invoicing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_meeting_escort" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "name" VARCHAR(64) NOT NULL,
    "sex" INTEGER NOT NULL DEFAULT 1,
    "phone" VARCHAR(32) NOT NULL,
    "remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_meeting_escort_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ysjs_car_maintenance" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "plate_no" VARCHAR(32) NOT NULL,
    "seats" INTEGER NOT NULL,
    "driver_name" VARCHAR(64) NOT NULL,
    "driver_phone" VARCHAR(32),
    "upkeep_date" DATE,
    "upkeep_item" VARCHAR(255),
    "upkeep_cost" DECIMAL(12,2),
    "remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ysjs_car_maintenance_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ysjs_meeting_tenant_id_name_idx" ON "ysjs_meeting"("tenant_id", "name");

-- CreateIndex
CREATE INDEX "ysjs_registered_meeting_tenant_id_meeting_id_idx" ON "ysjs_registered_meeting"("tenant_id", "meeting_id");

-- CreateIndex
CREATE INDEX "ysjs_registered_meeting_tenant_id_meeting_id_phone_idx" ON "ysjs_registered_meeting"("tenant_id", "meeting_id", "phone");

-- CreateIndex
CREATE INDEX "ysjs_meeting_invoicing_return_tenant_id_registered_id_idx" ON "ysjs_meeting_invoicing_return"("tenant_id", "registered_id");

-- CreateIndex
CREATE INDEX "ysjs_meeting_pickup_tenant_id_meeting_id_idx" ON "ysjs_meeting_pickup"("tenant_id", "meeting_id");

-- CreateIndex
CREATE INDEX "ysjs_meeting_pickup_tenant_id_pickup_time_idx" ON "ysjs_meeting_pickup"("tenant_id", "pickup_time");

-- CreateIndex
CREATE INDEX "ysjs_meeting_calendar_tenant_id_meeting_id_idx" ON "ysjs_meeting_calendar"("tenant_id", "meeting_id");

-- CreateIndex
CREATE INDEX "ysjs_meeting_registrants_tenant_id_user_id_idx" ON "ysjs_meeting_registrants"("tenant_id", "user_id");

-- CreateIndex
CREATE INDEX "ysjs_meeting_invoicing_tenant_id_create_user_idx" ON "ysjs_meeting_invoicing"("tenant_id", "create_user");

-- CreateIndex
CREATE INDEX "ysjs_meeting_escort_tenant_id_name_idx" ON "ysjs_meeting_escort"("tenant_id", "name");

-- CreateIndex
CREATE INDEX "ysjs_car_maintenance_tenant_id_plate_no_idx" ON "ysjs_car_maintenance"("tenant_id", "plate_no");
