-- CreateTable
CREATE TABLE "profiles"."profile_counts" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "shard" SMALLINT NOT NULL,
    "total" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "profile_counts_pkey" PRIMARY KEY ("tenant_id","workspace_id","status","shard")
);


-- Keep profile_counts exact: statement-level triggers (one counter write per workspace and status per
-- statement, not per row) in the same transaction as the insert, status change or delete, so a
-- rolled-back write never counts. The shard is the writing connection's (pg_backend_pid() % 16): two
-- transactions on different connections rarely touch the same counter row, so inserts do not queue
-- behind each other's row lock until commit. A shard may go below zero (a profile counted in one shard
-- and deleted through another connection); the sum over shards is what is exact. Rows are written in
-- (status) order so two statements that share a shard lock them in the same order.
CREATE FUNCTION "profiles"."profile_counts_add"(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "profiles"."profile_counts" ("tenant_id", "workspace_id", "status", "shard", "total")
  SELECT d->>'tenant_id', d->>'workspace_id', d->>'status', (pg_backend_pid() % 16)::smallint, (d->>'n')::bigint
    FROM jsonb_array_elements(deltas) d
   ORDER BY d->>'tenant_id', d->>'workspace_id', d->>'status'
  ON CONFLICT ("tenant_id", "workspace_id", "status", "shard")
  DO UPDATE SET "total" = "profile_counts"."total" + EXCLUDED."total";
$$;

CREATE FUNCTION "profiles"."profile_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "profiles"."profile_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'status', status, 'n', n)))
    FROM (SELECT tenant_id, workspace_id, status, count(*) AS n FROM new_rows GROUP BY 1, 2, 3) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION "profiles"."profile_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "profiles"."profile_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'status', status, 'n', -n)))
    FROM (SELECT tenant_id, workspace_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

-- An update moves a profile between statuses only when its status changed: most updates (names,
-- custom fields, timestamps) write no counter at all.
CREATE FUNCTION "profiles"."profile_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "profiles"."profile_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'status', status, 'n', n)))
    FROM (
      SELECT tenant_id, workspace_id, status, sum(n) AS n FROM (
        SELECT o.tenant_id, o.workspace_id, o.status, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE w.status IS DISTINCT FROM o.status
        UNION ALL
        SELECT w.tenant_id, w.workspace_id, w.status, 1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE w.status IS DISTINCT FROM o.status
      ) moved GROUP BY 1, 2, 3
    ) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER "profile_counts_insert" AFTER INSERT ON "profiles"."profiles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profiles"."profile_counts_insert"();
CREATE TRIGGER "profile_counts_delete" AFTER DELETE ON "profiles"."profiles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "profiles"."profile_counts_delete"();
CREATE TRIGGER "profile_counts_update" AFTER UPDATE ON "profiles"."profiles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "profiles"."profile_counts_update"();

-- Profiles stored before this migration.
INSERT INTO "profiles"."profile_counts" ("tenant_id", "workspace_id", "status", "shard", "total")
SELECT "tenant_id", "workspace_id", "status", 0, count(*) FROM "profiles"."profiles" GROUP BY 1, 2, 3;
