-- CreateTable
CREATE TABLE "screening"."match_decision_day_buckets" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "bucket" SMALLINT NOT NULL,
    "decisions" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "match_decision_day_buckets_pkey" PRIMARY KEY ("tenant_id","workspace_id","day","bucket")
);


-- The duration bucket of a first decision (seconds from the match stored to its first decision): a
-- quarter of a doubling wide (bucket b holds 2^(b/4) - 1 <= seconds < 2^((b+1)/4) - 1; a negative
-- duration, from clocks or a repaired created_at, in bucket 0). It only has to be monotone (a longer
-- duration never falls in a lower bucket), so the buckets in order hold the durations in order and
-- the median's bucket plus its rank within it give the exact median. Immutable SQL, so the planner
-- inlines it (not STRICT: greatest() is not strict, and a strict function with a non-strict body is
-- never inlined) and matches it to the index below.
CREATE FUNCTION "screening"."duration_bucket"(seconds double precision) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(4 * ln(1 + greatest(seconds, 0)) / 0.6931471805599453)::smallint $$;

-- One bucket's decisions of a range, in seconds order, read from the index alone (the median's rank
-- within its bucket).
CREATE INDEX "match_first_decisions_bucket_decided_at_idx" ON "screening"."match_first_decisions"
  ("tenant_id", "workspace_id", "screening"."duration_bucket"("seconds"), "decided_at") INCLUDE ("seconds");

-- Keep match_decision_day_buckets exact: statement-level triggers on match_first_decisions in the
-- writing transaction (its rows are themselves rewritten by the triggers on match_reviews and
-- search_matches, and go with a deleted match by the foreign key's cascade). One counter write per
-- workspace, day and bucket per statement, in key order (two writers lock rows in the same order).
CREATE FUNCTION "screening"."match_decision_day_buckets_add"(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "screening"."match_decision_day_buckets" ("tenant_id", "workspace_id", "day", "bucket", "decisions")
  SELECT d->>'tenant_id', d->>'workspace_id', (d->>'day')::date, (d->>'bucket')::smallint, (d->>'n')::bigint
    FROM jsonb_array_elements(deltas) d
   ORDER BY d->>'tenant_id', d->>'workspace_id', (d->>'day')::date, (d->>'bucket')::smallint
  ON CONFLICT ("tenant_id", "workspace_id", "day", "bucket")
  DO UPDATE SET "decisions" = "match_decision_day_buckets"."decisions" + EXCLUDED."decisions";
$$;

CREATE FUNCTION "screening"."match_decision_day_buckets_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "screening"."match_decision_day_buckets_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'bucket', bucket, 'n', n)))
    FROM (SELECT tenant_id, workspace_id, decided_at::date AS day, "screening"."duration_bucket"(seconds) AS bucket, count(*) AS n
            FROM new_rows GROUP BY 1, 2, 3, 4) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION "screening"."match_decision_day_buckets_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "screening"."match_decision_day_buckets_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'bucket', bucket, 'n', -n)))
    FROM (SELECT tenant_id, workspace_id, decided_at::date AS day, "screening"."duration_bucket"(seconds) AS bucket, count(*) AS n
            FROM old_rows GROUP BY 1, 2, 3, 4) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

-- An update (seconds recomputed when a match's created_at moves) leaves the old day and bucket and
-- enters the new; rows whose day and bucket stay write nothing.
CREATE FUNCTION "screening"."match_decision_day_buckets_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "screening"."match_decision_day_buckets_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'bucket', bucket, 'n', n)))
    FROM (
      SELECT tenant_id, workspace_id, day, bucket, sum(n) AS n
        FROM (
          SELECT tenant_id, workspace_id, decided_at::date AS day, "screening"."duration_bucket"(seconds) AS bucket, -1 AS n FROM old_rows
          UNION ALL
          SELECT tenant_id, workspace_id, decided_at::date, "screening"."duration_bucket"(seconds), 1 FROM new_rows) moves
       GROUP BY 1, 2, 3, 4
      HAVING sum(n) <> 0) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER "match_decision_day_buckets_insert" AFTER INSERT ON "screening"."match_first_decisions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."match_decision_day_buckets_insert"();
CREATE TRIGGER "match_decision_day_buckets_update" AFTER UPDATE ON "screening"."match_first_decisions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."match_decision_day_buckets_update"();
CREATE TRIGGER "match_decision_day_buckets_delete" AFTER DELETE ON "screening"."match_first_decisions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."match_decision_day_buckets_delete"();

-- First decisions made before this migration.
INSERT INTO "screening"."match_decision_day_buckets" ("tenant_id", "workspace_id", "day", "bucket", "decisions")
SELECT tenant_id, workspace_id, decided_at::date, "screening"."duration_bucket"(seconds), count(*)
  FROM "screening"."match_first_decisions"
 GROUP BY 1, 2, 3, 4;

-- Index-only scans skip the row only on pages the visibility map marks all-visible (autovacuum sets
-- it). By default autovacuum comes only after a fifth of a table changed; at a fiftieth the pages of
-- the unresolved matches (the queue's median reads their (tenant, workspace, review_status,
-- created_at) index) and of the first decisions stay all-visible far more of the time (vacuum skips
-- pages already all-visible, so more frequent runs cost little).
ALTER TABLE "screening"."search_matches" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
ALTER TABLE "screening"."match_first_decisions" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
