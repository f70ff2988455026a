-- DropIndex
DROP INDEX "profiles"."profiles_tenant_id_workspace_id_created_at_idx";

-- CreateIndex
CREATE INDEX "profiles_tenant_id_workspace_id_created_at_id_idx" ON "profiles"."profiles"("tenant_id", "workspace_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "profiles_tenant_id_workspace_id_status_created_at_idx" ON "profiles"."profiles"("tenant_id", "workspace_id", "status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "profiles_name_trgm_idx" ON "profiles"."profiles" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "profiles_email_trgm_idx" ON "profiles"."profiles" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "profile_custom_field_values_value_trgm_idx" ON "profiles"."profile_custom_field_values" USING GIN ("value_json" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "profile_custom_field_values_value_hash_idx" ON "profiles"."profile_custom_field_values" USING HASH ("value_json");

