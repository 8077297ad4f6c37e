-- The issuing centre's identity per tenant (decision 027).
CREATE TABLE "ysjs_issuer" (
    "id" BIGINT NOT NULL,
    "tenant_id" VARCHAR(12) NOT NULL,
    "full_name" VARCHAR(100) NOT NULL,
    "short_name" VARCHAR(50),
    "address" VARCHAR(255),
    "postcode" VARCHAR(6),
    "phone" VARCHAR(20),
    "fax" VARCHAR(20),
    "email" VARCHAR(100),
    "bank_name" VARCHAR(100),
    "bank_account" VARCHAR(40),
    "seal_text" VARCHAR(100),
    "create_user" BIGINT,
    "create_time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_user" BIGINT,
    "update_time" TIMESTAMP(3),

    CONSTRAINT "ysjs_issuer_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "ysjs_issuer_tenant_id_key" ON "ysjs_issuer"("tenant_id");
