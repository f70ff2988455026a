-- CreateTable
CREATE TABLE "screening"."match_review_day_counts" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "shard" SMALLINT NOT NULL,
    "true_positives" BIGINT NOT NULL DEFAULT 0,
    "false_positives" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "match_review_day_counts_pkey" PRIMARY KEY ("tenant_id","workspace_id","day","shard")
);

-- CreateTable
CREATE TABLE "screening"."match_first_decisions" (
    "match_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "decided_at" TIMESTAMP(3) NOT NULL,
    "seconds" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "match_first_decisions_pkey" PRIMARY KEY ("match_id")
);

-- CreateIndex
CREATE INDEX "match_first_decisions_tenant_id_workspace_id_decided_at_sec_idx" ON "screening"."match_first_decisions"("tenant_id", "workspace_id", "decided_at", "seconds");


-- A first decision goes with its match (matches are kept today; this keeps the table exact if that changes).
ALTER TABLE "screening"."match_first_decisions" ADD CONSTRAINT "match_first_decisions_match_id_fkey"
  FOREIGN KEY ("match_id") REFERENCES "screening"."search_matches"("id") ON DELETE CASCADE;

-- Keep match_review_day_counts exact, as search_match_counts is kept: statement-level triggers in the
-- writing transaction, one counter write per workspace and day per statement, on the writing
-- connection's shard (pg_backend_pid() % 16); the sum over shards is exact. A match counts on the
-- UTC day of its current decision (reviewed_at) while its status is true or false positive: a
-- decision changed later moves it to the day (and column) of the new one.
CREATE FUNCTION "screening"."match_review_day_counts_add"(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "screening"."match_review_day_counts" ("tenant_id", "workspace_id", "day", "shard", "true_positives", "false_positives")
  SELECT d->>'tenant_id', d->>'workspace_id', (d->>'day')::date, (pg_backend_pid() % 16)::smallint, (d->>'tp')::bigint, (d->>'fp')::bigint
    FROM jsonb_array_elements(deltas) d
   ORDER BY d->>'tenant_id', d->>'workspace_id', d->>'day'
  ON CONFLICT ("tenant_id", "workspace_id", "day", "shard")
  DO UPDATE SET "true_positives" = "match_review_day_counts"."true_positives" + EXCLUDED."true_positives",
                "false_positives" = "match_review_day_counts"."false_positives" + EXCLUDED."false_positives";
$$;

CREATE FUNCTION "screening"."match_review_day_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "screening"."match_review_day_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'tp', tp, 'fp', fp)))
    FROM (SELECT tenant_id, workspace_id, reviewed_at::date AS day,
                 count(*) FILTER (WHERE review_status = 'true_positive') AS tp, count(*) FILTER (WHERE review_status = 'false_positive') AS fp
            FROM new_rows WHERE review_status IN ('true_positive', 'false_positive') AND reviewed_at IS NOT NULL GROUP BY 1, 2, 3) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION "screening"."match_review_day_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "screening"."match_review_day_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'tp', -tp, 'fp', -fp)))
    FROM (SELECT tenant_id, workspace_id, reviewed_at::date AS day,
                 count(*) FILTER (WHERE review_status = 'true_positive') AS tp, count(*) FILTER (WHERE review_status = 'false_positive') AS fp
            FROM old_rows WHERE review_status IN ('true_positive', 'false_positive') AND reviewed_at IS NOT NULL GROUP BY 1, 2, 3) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

-- Only a changed decision or decision day moves a match (other updates write no counter): out of
-- the old day and column when it was decided, into the new when it is.
CREATE FUNCTION "screening"."match_review_day_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "screening"."match_review_day_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'tp', tp, 'fp', fp)))
    FROM (
      SELECT tenant_id, workspace_id, day,
             coalesce(sum(n) FILTER (WHERE review_status = 'true_positive'), 0) AS tp, coalesce(sum(n) FILTER (WHERE review_status = 'false_positive'), 0) AS fp
        FROM (
          SELECT o.tenant_id, o.workspace_id, o.reviewed_at::date AS day, o.review_status, -1 AS n
            FROM old_rows o JOIN new_rows w ON w.id = o.id
           WHERE (w.review_status IS DISTINCT FROM o.review_status OR w.reviewed_at::date IS DISTINCT FROM o.reviewed_at::date)
             AND o.review_status IN ('true_positive', 'false_positive') AND o.reviewed_at IS NOT NULL
          UNION ALL
          SELECT w.tenant_id, w.workspace_id, w.reviewed_at::date, w.review_status, 1
            FROM old_rows o JOIN new_rows w ON w.id = o.id
           WHERE (w.review_status IS DISTINCT FROM o.review_status OR w.reviewed_at::date IS DISTINCT FROM o.reviewed_at::date)
             AND w.review_status IN ('true_positive', 'false_positive') AND w.reviewed_at IS NOT NULL
        ) moved
       GROUP BY 1, 2, 3
    ) c
   WHERE tp <> 0 OR fp <> 0
   HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER "match_review_day_counts_insert" AFTER INSERT ON "screening"."search_matches"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."match_review_day_counts_insert"();
CREATE TRIGGER "match_review_day_counts_delete" AFTER DELETE ON "screening"."search_matches"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."match_review_day_counts_delete"();
CREATE TRIGGER "match_review_day_counts_update" AFTER UPDATE ON "screening"."search_matches"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."match_review_day_counts_update"();

-- A match's first decision: the earliest review leaving unresolved, and its distance from the match's
-- created_at. Any write that could change it (a review added, changed or removed, a match's
-- created_at moved by a data repair or a backdated import) recomputes it for the matches written,
-- from their whole review history (a few rows each, on the (tenant, workspace, match_id) index).
CREATE FUNCTION "screening"."match_first_decisions_refresh"(matches jsonb) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "screening"."match_first_decisions" f
   WHERE f.match_id IN (SELECT k->>'match_id' FROM jsonb_array_elements(matches) k);
  INSERT INTO "screening"."match_first_decisions" ("match_id", "tenant_id", "workspace_id", "decided_at", "seconds")
  SELECT r.match_id, m.tenant_id, m.workspace_id, min(r.created_at), extract(epoch FROM min(r.created_at) - m.created_at)
    FROM (SELECT DISTINCT k->>'tenant_id' AS tenant_id, k->>'workspace_id' AS workspace_id, k->>'match_id' AS match_id
            FROM jsonb_array_elements(matches) k) keys
    JOIN "screening"."match_reviews" r ON r.tenant_id = keys.tenant_id AND r.workspace_id = keys.workspace_id AND r.match_id = keys.match_id
    JOIN "screening"."search_matches" m ON m.id = r.match_id AND m.tenant_id = r.tenant_id AND m.workspace_id = r.workspace_id
   WHERE r.from_status = 'unresolved' AND r.to_status <> 'unresolved'
   GROUP BY r.match_id, m.tenant_id, m.workspace_id, m.created_at
   ORDER BY 1;
$$;

CREATE FUNCTION "screening"."match_first_decisions_reviews_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "screening"."match_first_decisions_refresh"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'match_id', match_id)))
       FROM new_rows WHERE from_status = 'unresolved' AND to_status <> 'unresolved' HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "screening"."match_first_decisions_refresh"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'match_id', match_id)))
       FROM old_rows WHERE from_status = 'unresolved' AND to_status <> 'unresolved' HAVING count(*) > 0;
  ELSE
    PERFORM "screening"."match_first_decisions_refresh"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'match_id', match_id)))
       FROM (SELECT o.tenant_id, o.workspace_id, o.match_id FROM old_rows o JOIN new_rows w ON w.id = o.id
              WHERE (w.match_id, w.created_at, w.from_status, w.to_status) IS DISTINCT FROM (o.match_id, o.created_at, o.from_status, o.to_status)
             UNION
             SELECT w.tenant_id, w.workspace_id, w.match_id FROM old_rows o JOIN new_rows w ON w.id = o.id
              WHERE (w.match_id, w.created_at, w.from_status, w.to_status) IS DISTINCT FROM (o.match_id, o.created_at, o.from_status, o.to_status)) moved
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "match_first_decisions_insert" AFTER INSERT ON "screening"."match_reviews"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."match_first_decisions_reviews_written"();
CREATE TRIGGER "match_first_decisions_update" AFTER UPDATE ON "screening"."match_reviews"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."match_first_decisions_reviews_written"();
CREATE TRIGGER "match_first_decisions_delete" AFTER DELETE ON "screening"."match_reviews"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."match_first_decisions_reviews_written"();

-- A decided match whose created_at moves: its decision's distance follows.
CREATE FUNCTION "screening"."match_first_decisions_match_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "screening"."match_first_decisions" f SET "seconds" = extract(epoch FROM f.decided_at - w.created_at)
    FROM old_rows o JOIN new_rows w ON w.id = o.id
   WHERE f.match_id = w.id AND w.created_at IS DISTINCT FROM o.created_at;
  RETURN NULL;
END $$;

CREATE TRIGGER "match_first_decisions_match_moved" AFTER UPDATE ON "screening"."search_matches"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."match_first_decisions_match_moved"();

-- Matches decided and reviews made before this migration.
INSERT INTO "screening"."match_review_day_counts" ("tenant_id", "workspace_id", "day", "shard", "true_positives", "false_positives")
SELECT tenant_id, workspace_id, reviewed_at::date, 0,
       count(*) FILTER (WHERE review_status = 'true_positive'), count(*) FILTER (WHERE review_status = 'false_positive')
  FROM "screening"."search_matches"
 WHERE review_status IN ('true_positive', 'false_positive') AND reviewed_at IS NOT NULL
 GROUP BY 1, 2, 3;

INSERT INTO "screening"."match_first_decisions" ("match_id", "tenant_id", "workspace_id", "decided_at", "seconds")
SELECT r.match_id, m.tenant_id, m.workspace_id, min(r.created_at), extract(epoch FROM min(r.created_at) - m.created_at)
  FROM "screening"."match_reviews" r
  JOIN "screening"."search_matches" m ON m.id = r.match_id AND m.tenant_id = r.tenant_id AND m.workspace_id = r.workspace_id
 WHERE r.from_status = 'unresolved' AND r.to_status <> 'unresolved'
 GROUP BY r.match_id, m.tenant_id, m.workspace_id, m.created_at;
