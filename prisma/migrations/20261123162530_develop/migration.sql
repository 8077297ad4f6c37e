-- CreateTable
CREATE TABLE "blade_datasource" (
    "id" BIGINT NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "driver_class" VARCHAR(100) NOT NULL DEFAULT 'postgresql',
    "url" VARCHAR(500) NOT NULL DEFAULT '',
    "username" VARCHAR(100) NOT NULL DEFAULT '',
    "password" VARCHAR(200) NOT NULL DEFAULT '',
    "remark" VARCHAR(255),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_datasource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_model" (
    "id" BIGINT NOT NULL,
    "datasource_id" BIGINT NOT NULL,
    "model_name" VARCHAR(100) NOT NULL,
    "model_code" VARCHAR(100) NOT NULL,
    "model_table" VARCHAR(100) NOT NULL,
    "model_class" VARCHAR(100) NOT NULL,
    "model_remark" VARCHAR(500),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_model_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_model_prototype" (
    "id" BIGINT NOT NULL,
    "model_id" BIGINT NOT NULL,
    "jdbc_name" VARCHAR(100) NOT NULL,
    "jdbc_type" VARCHAR(100) NOT NULL,
    "length" INTEGER,
    "comment" VARCHAR(200) NOT NULL DEFAULT '',
    "property_type" VARCHAR(50) NOT NULL,
    "property_entity" VARCHAR(100) NOT NULL DEFAULT '',
    "property_name" VARCHAR(100) NOT NULL,
    "is_list" INTEGER NOT NULL DEFAULT 1,
    "is_form" INTEGER NOT NULL DEFAULT 1,
    "is_row" INTEGER NOT NULL DEFAULT 0,
    "component_type" VARCHAR(50) NOT NULL DEFAULT 'input',
    "dict_code" VARCHAR(100) NOT NULL DEFAULT '',
    "is_required" INTEGER NOT NULL DEFAULT 0,
    "is_query" INTEGER NOT NULL DEFAULT 0,
    "query_type" VARCHAR(50) NOT NULL DEFAULT 'equal',
    "sort" INTEGER NOT NULL DEFAULT 0,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_model_prototype_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_code" (
    "id" BIGINT NOT NULL,
    "datasource_id" BIGINT,
    "model_id" BIGINT,
    "service_name" VARCHAR(64) NOT NULL DEFAULT '',
    "code_name" VARCHAR(64) NOT NULL,
    "table_name" VARCHAR(64) NOT NULL,
    "table_prefix" VARCHAR(64) NOT NULL DEFAULT '',
    "pk_name" VARCHAR(32) NOT NULL DEFAULT 'id',
    "base_mode" INTEGER NOT NULL DEFAULT 2,
    "wrap_mode" INTEGER NOT NULL DEFAULT 2,
    "package_name" VARCHAR(500) NOT NULL,
    "api_path" VARCHAR(2000) NOT NULL DEFAULT '',
    "web_path" VARCHAR(2000) NOT NULL DEFAULT '',
    "template_type" VARCHAR(32) NOT NULL DEFAULT 'crud',
    "author" VARCHAR(32) NOT NULL DEFAULT '',
    "sub_model_id" VARCHAR(32) NOT NULL DEFAULT '',
    "sub_fk_id" VARCHAR(32) NOT NULL DEFAULT '',
    "tree_id" VARCHAR(32) NOT NULL DEFAULT '',
    "tree_pid" VARCHAR(32) NOT NULL DEFAULT '',
    "tree_name" VARCHAR(32) NOT NULL DEFAULT '',
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_code_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blade_model_prototype_model_id_idx" ON "blade_model_prototype"("model_id");
