-- CreateTable
CREATE TABLE "blade_dict" (
    "id" BIGINT NOT NULL,
    "parent_id" BIGINT NOT NULL DEFAULT 0,
    "code" VARCHAR(255) NOT NULL,
    "dict_key" VARCHAR(255) NOT NULL,
    "dict_value" VARCHAR(255) NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "remark" VARCHAR(255),
    "is_sealed" INTEGER NOT NULL DEFAULT 0,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_dict_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blade_dict_code_idx" ON "blade_dict"("code");

-- CreateIndex
CREATE INDEX "blade_dict_parent_id_idx" ON "blade_dict"("parent_id");
