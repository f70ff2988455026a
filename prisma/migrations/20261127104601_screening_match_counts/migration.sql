-- CreateTable
CREATE TABLE "screening"."search_match_counts" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "review_status" TEXT NOT NULL,
    "shard" SMALLINT NOT NULL,
    "total" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "search_match_counts_pkey" PRIMARY KEY ("tenant_id","workspace_id","review_status","shard")
);


-- Keep search_match_counts exact, as profiles_profile_counts keeps profile_counts: statement-level
-- triggers in the writing transaction, one counter write per workspace and review status per
-- statement, on the writing connection's shard (pg_backend_pid() % 16) so concurrent searches do not
-- queue on one row until they commit; the sum over shards is exact (one shard may go below zero).
CREATE FUNCTION "screening"."search_match_counts_add"(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "screening"."search_match_counts" ("tenant_id", "workspace_id", "review_status", "shard", "total")
  SELECT d->>'tenant_id', d->>'workspace_id', d->>'review_status', (pg_backend_pid() % 16)::smallint, (d->>'n')::bigint
    FROM jsonb_array_elements(deltas) d
   ORDER BY d->>'tenant_id', d->>'workspace_id', d->>'review_status'
  ON CONFLICT ("tenant_id", "workspace_id", "review_status", "shard")
  DO UPDATE SET "total" = "search_match_counts"."total" + EXCLUDED."total";
$$;

CREATE FUNCTION "screening"."search_match_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "screening"."search_match_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'review_status', review_status, 'n', n)))
    FROM (SELECT tenant_id, workspace_id, review_status, count(*) AS n FROM new_rows GROUP BY 1, 2, 3) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION "screening"."search_match_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "screening"."search_match_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'review_status', review_status, 'n', -n)))
    FROM (SELECT tenant_id, workspace_id, review_status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

-- Only a changed review status moves a match between totals (other updates write no counter).
CREATE FUNCTION "screening"."search_match_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "screening"."search_match_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'review_status', review_status, 'n', n)))
    FROM (
      SELECT tenant_id, workspace_id, review_status, sum(n) AS n FROM (
        SELECT o.tenant_id, o.workspace_id, o.review_status, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE w.review_status IS DISTINCT FROM o.review_status
        UNION ALL
        SELECT w.tenant_id, w.workspace_id, w.review_status, 1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE w.review_status IS DISTINCT FROM o.review_status
      ) moved GROUP BY 1, 2, 3
    ) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER "search_match_counts_insert" AFTER INSERT ON "screening"."search_matches"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."search_match_counts_insert"();
CREATE TRIGGER "search_match_counts_delete" AFTER DELETE ON "screening"."search_matches"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."search_match_counts_delete"();
CREATE TRIGGER "search_match_counts_update" AFTER UPDATE ON "screening"."search_matches"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."search_match_counts_update"();

-- Matches stored before this migration.
INSERT INTO "screening"."search_match_counts" ("tenant_id", "workspace_id", "review_status", "shard", "total")
SELECT "tenant_id", "workspace_id", "review_status", 0, count(*) FROM "screening"."search_matches" GROUP BY 1, 2, 3;
