-- CreateTable
CREATE TABLE "blade_tenant" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL,
    "tenant_name" VARCHAR(50) NOT NULL,
    "domain" VARCHAR(255),
    "background_url" VARCHAR(1000),
    "linkman" VARCHAR(20),
    "contact_number" VARCHAR(20),
    "address" VARCHAR(255),
    "account_number" INTEGER NOT NULL DEFAULT -1,
    "expire_time" TIMESTAMP(3),
    "package_id" BIGINT,
    "datasource_id" BIGINT,
    "license_key" VARCHAR(1000),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_tenant_package" (
    "id" BIGINT NOT NULL,
    "package_name" VARCHAR(50) NOT NULL,
    "menu_id" VARCHAR(3000) NOT NULL,
    "remark" VARCHAR(255),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_tenant_package_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_user" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "code" VARCHAR(12),
    "user_type" INTEGER NOT NULL DEFAULT 1,
    "account" VARCHAR(45) NOT NULL,
    "password" VARCHAR(255) NOT NULL,
    "name" VARCHAR(20),
    "real_name" VARCHAR(10),
    "avatar" VARCHAR(500),
    "email" VARCHAR(45),
    "phone" VARCHAR(45),
    "birthday" TIMESTAMP(3),
    "sex" INTEGER,
    "role_id" VARCHAR(1000) NOT NULL DEFAULT '',
    "dept_id" VARCHAR(1000) NOT NULL DEFAULT '',
    "post_id" VARCHAR(1000) NOT NULL DEFAULT '',
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_user_dept" (
    "id" BIGINT NOT NULL,
    "user_id" BIGINT NOT NULL,
    "dept_id" BIGINT NOT NULL,

    CONSTRAINT "blade_user_dept_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_user_oauth" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "uuid" VARCHAR(64) NOT NULL,
    "user_id" BIGINT,
    "username" VARCHAR(32),
    "nickname" VARCHAR(64),
    "avatar" VARCHAR(1000),
    "blog" VARCHAR(50),
    "company" VARCHAR(255),
    "location" VARCHAR(255),
    "email" VARCHAR(255),
    "remark" VARCHAR(255),
    "gender" VARCHAR(16),
    "source" VARCHAR(16) NOT NULL,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blade_user_oauth_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_role" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "parent_id" BIGINT NOT NULL DEFAULT 0,
    "role_name" VARCHAR(255) NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "role_alias" VARCHAR(255) NOT NULL,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_role_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_role_menu" (
    "id" BIGINT NOT NULL,
    "menu_id" BIGINT NOT NULL,
    "role_id" BIGINT NOT NULL,

    CONSTRAINT "blade_role_menu_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_role_scope" (
    "id" BIGINT NOT NULL,
    "scope_category" INTEGER NOT NULL,
    "scope_id" BIGINT NOT NULL,
    "role_id" BIGINT NOT NULL,

    CONSTRAINT "blade_role_scope_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_menu" (
    "id" BIGINT NOT NULL,
    "parent_id" BIGINT NOT NULL DEFAULT 0,
    "code" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "alias" VARCHAR(255) NOT NULL DEFAULT 'menu',
    "path" VARCHAR(255),
    "source" VARCHAR(255),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "category" INTEGER NOT NULL DEFAULT 1,
    "action" INTEGER NOT NULL DEFAULT 0,
    "is_open" INTEGER NOT NULL DEFAULT 1,
    "component" VARCHAR(255),
    "remark" VARCHAR(255),
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_menu_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_top_menu" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "code" VARCHAR(255),
    "name" VARCHAR(255),
    "source" VARCHAR(255),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_top_menu_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_top_menu_setting" (
    "id" BIGINT NOT NULL,
    "top_menu_id" BIGINT NOT NULL,
    "menu_id" BIGINT NOT NULL,

    CONSTRAINT "blade_top_menu_setting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_dept" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "parent_id" BIGINT NOT NULL DEFAULT 0,
    "ancestors" VARCHAR(2000) NOT NULL DEFAULT '0',
    "dept_category" INTEGER NOT NULL DEFAULT 1,
    "dept_name" VARCHAR(45) NOT NULL,
    "full_name" VARCHAR(45),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "remark" VARCHAR(255),
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_dept_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_post" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "category" INTEGER,
    "post_code" VARCHAR(12),
    "post_name" VARCHAR(64),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "remark" VARCHAR(255),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_post_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_dict_biz" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "parent_id" BIGINT NOT NULL DEFAULT 0,
    "code" VARCHAR(255) NOT NULL,
    "dict_key" VARCHAR(255) NOT NULL,
    "dict_value" VARCHAR(255) NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "remark" VARCHAR(255),
    "is_sealed" INTEGER NOT NULL DEFAULT 0,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_dict_biz_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_param" (
    "id" BIGINT NOT NULL,
    "param_name" VARCHAR(255) NOT NULL,
    "param_key" VARCHAR(255) NOT NULL,
    "param_value" VARCHAR(2000) NOT NULL,
    "remark" VARCHAR(255),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_param_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_client" (
    "id" BIGINT NOT NULL,
    "client_id" VARCHAR(48) NOT NULL,
    "client_secret" VARCHAR(256) NOT NULL,
    "resource_ids" VARCHAR(256),
    "scope" VARCHAR(256) NOT NULL DEFAULT 'all',
    "authorized_grant_types" VARCHAR(256) NOT NULL,
    "web_server_redirect_uri" VARCHAR(256),
    "authorities" VARCHAR(256),
    "access_token_validity" INTEGER NOT NULL DEFAULT 3600,
    "refresh_token_validity" INTEGER NOT NULL DEFAULT 604800,
    "additional_information" VARCHAR(4096),
    "autoapprove" VARCHAR(256),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_client_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_region" (
    "code" VARCHAR(12) NOT NULL,
    "parent_code" VARCHAR(12),
    "ancestors" VARCHAR(255),
    "name" VARCHAR(32) NOT NULL,
    "province_code" VARCHAR(12),
    "province_name" VARCHAR(32),
    "city_code" VARCHAR(12),
    "city_name" VARCHAR(32),
    "district_code" VARCHAR(12),
    "district_name" VARCHAR(32),
    "town_code" VARCHAR(12),
    "town_name" VARCHAR(32),
    "village_code" VARCHAR(12),
    "village_name" VARCHAR(32),
    "region_level" INTEGER,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "remark" VARCHAR(255),

    CONSTRAINT "blade_region_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "blade_scope_data" (
    "id" BIGINT NOT NULL,
    "menu_id" BIGINT,
    "resource_code" VARCHAR(255),
    "scope_name" VARCHAR(255),
    "scope_field" VARCHAR(255),
    "scope_class" VARCHAR(500),
    "scope_column" VARCHAR(255),
    "scope_type" INTEGER,
    "scope_value" VARCHAR(2000),
    "remark" VARCHAR(255),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_scope_data_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_scope_api" (
    "id" BIGINT NOT NULL,
    "menu_id" BIGINT,
    "resource_code" VARCHAR(255),
    "scope_name" VARCHAR(255),
    "scope_path" VARCHAR(255),
    "scope_type" INTEGER,
    "remark" VARCHAR(255),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_scope_api_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_notice" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "title" VARCHAR(255) NOT NULL,
    "category" INTEGER,
    "release_time" TIMESTAMP(3),
    "content" VARCHAR(2000),
    "create_user" BIGINT,
    "create_dept" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),
    "status" INTEGER NOT NULL DEFAULT 1,
    "is_deleted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "blade_notice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_log_usual" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "service_id" VARCHAR(32),
    "server_host" VARCHAR(255),
    "server_ip" VARCHAR(255),
    "env" VARCHAR(255),
    "log_level" VARCHAR(10),
    "log_id" VARCHAR(100),
    "log_data" TEXT,
    "method" VARCHAR(10),
    "request_uri" VARCHAR(255),
    "remote_ip" VARCHAR(255),
    "method_class" VARCHAR(255),
    "method_name" VARCHAR(255),
    "user_agent" VARCHAR(1000),
    "params" TEXT,
    "create_by" VARCHAR(64),
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blade_log_usual_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_log_api" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "service_id" VARCHAR(32),
    "server_host" VARCHAR(255),
    "server_ip" VARCHAR(255),
    "env" VARCHAR(255),
    "type" CHAR(1) NOT NULL DEFAULT '1',
    "title" VARCHAR(255),
    "method" VARCHAR(10),
    "request_uri" VARCHAR(255),
    "user_agent" VARCHAR(1000),
    "remote_ip" VARCHAR(255),
    "method_class" VARCHAR(255),
    "method_name" VARCHAR(255),
    "params" TEXT,
    "time" VARCHAR(64),
    "create_by" VARCHAR(64),
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blade_log_api_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blade_log_error" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL DEFAULT '000000',
    "service_id" VARCHAR(32),
    "server_host" VARCHAR(255),
    "server_ip" VARCHAR(255),
    "env" VARCHAR(255),
    "method" VARCHAR(10),
    "request_uri" VARCHAR(255),
    "user_agent" VARCHAR(1000),
    "stack_trace" TEXT,
    "exception_name" VARCHAR(255),
    "message" TEXT,
    "line_number" INTEGER,
    "remote_ip" VARCHAR(255),
    "method_class" VARCHAR(255),
    "file_name" VARCHAR(1000),
    "method_name" VARCHAR(255),
    "params" TEXT,
    "create_by" VARCHAR(64),
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blade_log_error_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "blade_tenant_tenant_id_key" ON "blade_tenant"("tenant_id");

-- CreateIndex
CREATE INDEX "blade_tenant_domain_idx" ON "blade_tenant"("domain");

-- CreateIndex
CREATE INDEX "blade_user_tenant_id_account_idx" ON "blade_user"("tenant_id", "account");

-- CreateIndex
CREATE INDEX "blade_user_dept_user_id_idx" ON "blade_user_dept"("user_id");

-- CreateIndex
CREATE INDEX "blade_user_dept_dept_id_idx" ON "blade_user_dept"("dept_id");

-- CreateIndex
CREATE UNIQUE INDEX "blade_user_oauth_tenant_id_source_uuid_key" ON "blade_user_oauth"("tenant_id", "source", "uuid");

-- CreateIndex
CREATE INDEX "blade_role_tenant_id_idx" ON "blade_role"("tenant_id");

-- CreateIndex
CREATE INDEX "blade_role_menu_role_id_idx" ON "blade_role_menu"("role_id");

-- CreateIndex
CREATE INDEX "blade_role_menu_menu_id_idx" ON "blade_role_menu"("menu_id");

-- CreateIndex
CREATE INDEX "blade_role_scope_role_id_scope_category_idx" ON "blade_role_scope"("role_id", "scope_category");

-- CreateIndex
CREATE INDEX "blade_menu_parent_id_idx" ON "blade_menu"("parent_id");

-- CreateIndex
CREATE INDEX "blade_menu_code_idx" ON "blade_menu"("code");

-- CreateIndex
CREATE INDEX "blade_top_menu_tenant_id_idx" ON "blade_top_menu"("tenant_id");

-- CreateIndex
CREATE INDEX "blade_top_menu_setting_top_menu_id_idx" ON "blade_top_menu_setting"("top_menu_id");

-- CreateIndex
CREATE INDEX "blade_dept_tenant_id_idx" ON "blade_dept"("tenant_id");

-- CreateIndex
CREATE INDEX "blade_dept_parent_id_idx" ON "blade_dept"("parent_id");

-- CreateIndex
CREATE INDEX "blade_post_tenant_id_idx" ON "blade_post"("tenant_id");

-- CreateIndex
CREATE INDEX "blade_dict_biz_tenant_id_code_idx" ON "blade_dict_biz"("tenant_id", "code");

-- CreateIndex
CREATE INDEX "blade_dict_biz_parent_id_idx" ON "blade_dict_biz"("parent_id");

-- CreateIndex
CREATE INDEX "blade_param_param_key_idx" ON "blade_param"("param_key");

-- CreateIndex
CREATE UNIQUE INDEX "blade_client_client_id_key" ON "blade_client"("client_id");

-- CreateIndex
CREATE INDEX "blade_region_parent_code_idx" ON "blade_region"("parent_code");

-- CreateIndex
CREATE INDEX "blade_scope_data_menu_id_idx" ON "blade_scope_data"("menu_id");

-- CreateIndex
CREATE INDEX "blade_scope_api_menu_id_idx" ON "blade_scope_api"("menu_id");

-- CreateIndex
CREATE INDEX "blade_notice_tenant_id_release_time_idx" ON "blade_notice"("tenant_id", "release_time");

-- CreateIndex
CREATE INDEX "blade_log_usual_tenant_id_create_time_idx" ON "blade_log_usual"("tenant_id", "create_time");

-- CreateIndex
CREATE INDEX "blade_log_api_tenant_id_create_time_idx" ON "blade_log_api"("tenant_id", "create_time");

-- CreateIndex
CREATE INDEX "blade_log_error_tenant_id_create_time_idx" ON "blade_log_error"("tenant_id", "create_time");
