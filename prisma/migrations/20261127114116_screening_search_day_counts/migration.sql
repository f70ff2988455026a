-- CreateTable
CREATE TABLE "screening"."search_day_counts" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "shard" SMALLINT NOT NULL,
    "screenings" BIGINT NOT NULL DEFAULT 0,
    "with_matches" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "search_day_counts_pkey" PRIMARY KEY ("tenant_id","workspace_id","day","shard")
);


-- Keep search_day_counts exact, as search_request_counts and search_match_counts are kept: a
-- statement-level trigger in the writing transaction, one counter write per workspace and day per
-- statement, on the writing connection's shard (pg_backend_pid() % 16). A result is counted on the
-- UTC day of its request (a batch's rows land later than their request: they still count on the day
-- it was submitted, as the live query counts them). Results are never updated nor deleted; a
-- request's day moving moves its counts (below).
CREATE FUNCTION "screening"."search_day_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "screening"."search_day_counts" ("tenant_id", "workspace_id", "day", "shard", "screenings", "with_matches")
  SELECT n.tenant_id, n.workspace_id, q.created_at::date, (pg_backend_pid() % 16)::smallint,
         count(*), count(*) FILTER (WHERE n.match_count > 0)
    FROM new_rows n
    JOIN "screening"."search_requests" q ON q.tenant_id = n.tenant_id AND q.workspace_id = n.workspace_id AND q.id = n.request_id
   WHERE q.source <> 'monitoring'
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT ("tenant_id", "workspace_id", "day", "shard")
  DO UPDATE SET "screenings" = "search_day_counts"."screenings" + EXCLUDED."screenings",
                "with_matches" = "search_day_counts"."with_matches" + EXCLUDED."with_matches";
  RETURN NULL;
END $$;

CREATE TRIGGER "search_day_counts_insert" AFTER INSERT ON "screening"."search_results"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."search_day_counts_insert"();

-- A request whose day or source changes (a data repair, a backdated import) moves its results'
-- counts with it: out of the old day (or out, for a request turned into a monitoring one), into
-- the new. Updates that touch neither write no counter.
CREATE FUNCTION "screening"."search_day_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "screening"."search_day_counts" ("tenant_id", "workspace_id", "day", "shard", "screenings", "with_matches")
  SELECT tenant_id, workspace_id, day, (pg_backend_pid() % 16)::smallint, sum(screenings), sum(with_matches)
    FROM (
      SELECT o.tenant_id, o.workspace_id, o.created_at::date AS day, -count(r.id) AS screenings, -count(r.id) FILTER (WHERE r.match_count > 0) AS with_matches
        FROM old_rows o JOIN new_rows w ON w.id = o.id
        JOIN "screening"."search_results" r ON r.tenant_id = o.tenant_id AND r.workspace_id = o.workspace_id AND r.request_id = o.id
       WHERE o.source <> 'monitoring' AND (w.created_at::date IS DISTINCT FROM o.created_at::date OR w.source IS DISTINCT FROM o.source)
       GROUP BY 1, 2, 3
      UNION ALL
      SELECT w.tenant_id, w.workspace_id, w.created_at::date, count(r.id), count(r.id) FILTER (WHERE r.match_count > 0)
        FROM old_rows o JOIN new_rows w ON w.id = o.id
        JOIN "screening"."search_results" r ON r.tenant_id = w.tenant_id AND r.workspace_id = w.workspace_id AND r.request_id = w.id
       WHERE w.source <> 'monitoring' AND (w.created_at::date IS DISTINCT FROM o.created_at::date OR w.source IS DISTINCT FROM o.source)
       GROUP BY 1, 2, 3
    ) moved
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT ("tenant_id", "workspace_id", "day", "shard")
  DO UPDATE SET "screenings" = "search_day_counts"."screenings" + EXCLUDED."screenings",
                "with_matches" = "search_day_counts"."with_matches" + EXCLUDED."with_matches";
  RETURN NULL;
END $$;

CREATE TRIGGER "search_day_counts_move" AFTER UPDATE ON "screening"."search_requests"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."search_day_counts_move"();

-- Searches stored before this migration.
INSERT INTO "screening"."search_day_counts" ("tenant_id", "workspace_id", "day", "shard", "screenings", "with_matches")
SELECT r.tenant_id, r.workspace_id, q.created_at::date, 0, count(*), count(*) FILTER (WHERE r.match_count > 0)
  FROM "screening"."search_results" r
  JOIN "screening"."search_requests" q ON q.tenant_id = r.tenant_id AND q.workspace_id = r.workspace_id AND q.id = r.request_id
 WHERE q.source <> 'monitoring'
 GROUP BY 1, 2, 3;
