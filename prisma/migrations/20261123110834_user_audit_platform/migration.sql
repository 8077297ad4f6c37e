-- AlterTable
ALTER TABLE "blade_user" ADD COLUMN     "audit_reason" VARCHAR(255);

-- CreateTable
CREATE TABLE "blade_user_web" (
    "id" BIGINT NOT NULL,
    "user_id" BIGINT NOT NULL,
    "user_ext" VARCHAR(255),

    CONSTRAINT "blade_user_web_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_user_app" (
    "id" BIGINT NOT NULL,
    "user_id" BIGINT NOT NULL,
    "user_ext" VARCHAR(255),

    CONSTRAINT "blade_user_app_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_user_other" (
    "id" BIGINT NOT NULL,
    "user_id" BIGINT NOT NULL,
    "user_ext" VARCHAR(255),

    CONSTRAINT "blade_user_other_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blade_user_web_user_id_idx" ON "blade_user_web"("user_id");

-- CreateIndex
CREATE INDEX "blade_user_app_user_id_idx" ON "blade_user_app"("user_id");

-- CreateIndex
CREATE INDEX "blade_user_other_user_id_idx" ON "blade_user_other"("user_id");
