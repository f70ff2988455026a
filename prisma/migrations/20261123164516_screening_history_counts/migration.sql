-- DropIndex
DROP INDEX "screening"."search_requests_tenant_id_workspace_id_created_at_idx";

-- CreateTable
CREATE TABLE "screening"."search_request_counts" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "total" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "search_request_counts_pkey" PRIMARY KEY ("tenant_id","workspace_id")
);

-- CreateIndex
CREATE INDEX "search_requests_tenant_id_workspace_id_created_at_id_idx" ON "screening"."search_requests"("tenant_id", "workspace_id", "created_at", "id");


-- Keep search_request_counts exact: statement-level triggers (one counter update per workspace
-- per statement, not per row) in the same transaction as the insert or delete, so a rolled-back
-- search never counts and a batch of many rows costs one update.
CREATE FUNCTION "screening"."search_request_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "screening"."search_request_counts" ("tenant_id", "workspace_id", "total")
  SELECT "tenant_id", "workspace_id", count(*) FROM new_rows GROUP BY "tenant_id", "workspace_id"
  ON CONFLICT ("tenant_id", "workspace_id") DO UPDATE SET "total" = "search_request_counts"."total" + EXCLUDED."total";
  RETURN NULL;
END $$;

CREATE FUNCTION "screening"."search_request_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "screening"."search_request_counts" c SET "total" = c."total" - d.n
  FROM (SELECT "tenant_id", "workspace_id", count(*) AS n FROM old_rows GROUP BY "tenant_id", "workspace_id") d
  WHERE c."tenant_id" = d."tenant_id" AND c."workspace_id" = d."workspace_id";
  RETURN NULL;
END $$;

CREATE TRIGGER "search_request_counts_insert" AFTER INSERT ON "screening"."search_requests"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."search_request_counts_insert"();
CREATE TRIGGER "search_request_counts_delete" AFTER DELETE ON "screening"."search_requests"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."search_request_counts_delete"();

-- Searches stored before this migration.
INSERT INTO "screening"."search_request_counts" ("tenant_id", "workspace_id", "total")
SELECT "tenant_id", "workspace_id", count(*) FROM "screening"."search_requests" GROUP BY "tenant_id", "workspace_id";
