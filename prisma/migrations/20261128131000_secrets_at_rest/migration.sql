-- Secrets at rest (decision 026): the SMS and object-storage secret keys hold the sealed value
-- (`enc:v1:<key id>:<base64>`, longer than the plain one). Existing plain values are sealed by the API
-- at boot, which holds the data key; SQL never sees it.
ALTER TABLE "blade_sms" ALTER COLUMN "secret_key" SET DATA TYPE VARCHAR(2048);
ALTER TABLE "blade_oss" ALTER COLUMN "secret_key" SET DATA TYPE VARCHAR(2048);
