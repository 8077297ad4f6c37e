-- CreateTable
CREATE TABLE "kms_catalog" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "catalog_name" VARCHAR(64) NOT NULL,
    "parent_id" BIGINT NOT NULL DEFAULT 0,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "kms_catalog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kms_label" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "label_name" VARCHAR(64) NOT NULL,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "kms_label_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kms_main" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "title" VARCHAR(255) NOT NULL,
    "catalog_id" BIGINT NOT NULL,
    "summary" VARCHAR(1000),
    "content" TEXT,
    "content_text" TEXT,
    "file_attach" VARCHAR(1000),
    "source" VARCHAR(255),
    "publish_date" TIMESTAMP(3),
    "shelves" INTEGER NOT NULL DEFAULT 0,
    "search_grams" TEXT[],
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "kms_main_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kms_main_label" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "main_id" BIGINT NOT NULL,
    "label_id" BIGINT NOT NULL,

    CONSTRAINT "kms_main_label_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kms_main_to_author" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "main_id" BIGINT NOT NULL,
    "author_name" VARCHAR(64) NOT NULL,
    "unit_name" VARCHAR(255),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "kms_main_to_author_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "kms_catalog_tenant_id_parent_id_idx" ON "kms_catalog"("tenant_id", "parent_id");

-- CreateIndex
CREATE INDEX "kms_label_tenant_id_label_name_idx" ON "kms_label"("tenant_id", "label_name");

-- CreateIndex
CREATE INDEX "kms_main_tenant_id_catalog_id_idx" ON "kms_main"("tenant_id", "catalog_id");

-- CreateIndex
CREATE INDEX "kms_main_search_grams_idx" ON "kms_main" USING GIN ("search_grams");

-- CreateIndex
CREATE INDEX "kms_main_label_label_id_idx" ON "kms_main_label"("label_id");

-- CreateIndex
CREATE UNIQUE INDEX "kms_main_label_main_id_label_id_key" ON "kms_main_label"("main_id", "label_id");

-- CreateIndex
CREATE INDEX "kms_main_to_author_tenant_id_main_id_idx" ON "kms_main_to_author"("tenant_id", "main_id");
