-- CreateTable
CREATE TABLE "idv"."decision_day_buckets" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "bucket" SMALLINT NOT NULL,
    "decisions" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "decision_day_buckets_pkey" PRIMARY KEY ("tenant_id","workspace_id","day","bucket")
);


-- The duration bucket of a decision (seconds from a session's assessment to the reviewer's final
-- decision): a quarter of a doubling wide, as screening.duration_bucket (bucket b holds
-- 2^(b/4) - 1 <= seconds < 2^((b+1)/4) - 1; a negative duration in bucket 0). It only has to be
-- monotone (a longer duration never falls in a lower bucket), so the buckets in order hold the
-- durations in order and the median's bucket plus its rank within it give the exact median.
-- Immutable SQL, not STRICT (a strict function with a non-strict body is never inlined), so the
-- planner inlines it and matches it to the index below.
CREATE FUNCTION "idv"."duration_bucket"(seconds double precision) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(4 * ln(1 + greatest(seconds, 0)) / 0.6931471805599453)::smallint $$;

-- One bucket's decisions of a range, read from the index alone (the median's rank within its bucket).
CREATE INDEX "sessions_decision_bucket_reviewed_at_idx" ON "idv"."sessions"
  ("tenant_id", "workspace_id", "idv"."duration_bucket"(date_part('epoch', "reviewed_at" - "assessed_at")), "reviewed_at") INCLUDE ("assessed_at")
  WHERE "review_status" IN ('accepted', 'rejected') AND "assessed_at" IS NOT NULL;

-- Keep decision_day_buckets exact: statement-level triggers on sessions in the writing transaction.
-- A session counts on the UTC day of its final decision (reviewed_at), in the bucket of its
-- duration from assessment, while its review status is accepted or rejected and it was assessed.
-- One counter write per workspace, day and bucket per statement, in key order.
CREATE FUNCTION "idv"."decision_day_buckets_add"(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "idv"."decision_day_buckets" ("tenant_id", "workspace_id", "day", "bucket", "decisions")
  SELECT d->>'tenant_id', d->>'workspace_id', (d->>'day')::date, (d->>'bucket')::smallint, (d->>'n')::bigint
    FROM jsonb_array_elements(deltas) d
   ORDER BY d->>'tenant_id', d->>'workspace_id', (d->>'day')::date, (d->>'bucket')::smallint
  ON CONFLICT ("tenant_id", "workspace_id", "day", "bucket")
  DO UPDATE SET "decisions" = "decision_day_buckets"."decisions" + EXCLUDED."decisions";
$$;

CREATE FUNCTION "idv"."decision_day_buckets_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "idv"."decision_day_buckets_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'bucket', bucket, 'n', n)))
       FROM (SELECT tenant_id, workspace_id, reviewed_at::date AS day,
                    "idv"."duration_bucket"(date_part('epoch', reviewed_at - assessed_at)) AS bucket, count(*) AS n
               FROM new_rows WHERE review_status IN ('accepted', 'rejected') AND assessed_at IS NOT NULL AND reviewed_at IS NOT NULL
              GROUP BY 1, 2, 3, 4) c
      HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "idv"."decision_day_buckets_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'bucket', bucket, 'n', -n)))
       FROM (SELECT tenant_id, workspace_id, reviewed_at::date AS day,
                    "idv"."duration_bucket"(date_part('epoch', reviewed_at - assessed_at)) AS bucket, count(*) AS n
               FROM old_rows WHERE review_status IN ('accepted', 'rejected') AND assessed_at IS NOT NULL AND reviewed_at IS NOT NULL
              GROUP BY 1, 2, 3, 4) c
      HAVING count(*) > 0;
  ELSE
    -- Only a session whose counted facts changed moves (a capture step or any other update writes no
    -- counter): out of the old day and bucket when it was counted, into the new when it is.
    PERFORM "idv"."decision_day_buckets_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'bucket', bucket, 'n', n)))
       FROM (
         SELECT tenant_id, workspace_id, day, bucket, sum(n) AS n
           FROM (
             SELECT o.tenant_id, o.workspace_id, o.reviewed_at::date AS day,
                    "idv"."duration_bucket"(date_part('epoch', o.reviewed_at - o.assessed_at)) AS bucket, -1 AS n
               FROM old_rows o JOIN new_rows w ON w.id = o.id
              WHERE o.review_status IN ('accepted', 'rejected') AND o.assessed_at IS NOT NULL AND o.reviewed_at IS NOT NULL
                AND (w.review_status, w.reviewed_at, w.assessed_at) IS DISTINCT FROM (o.review_status, o.reviewed_at, o.assessed_at)
             UNION ALL
             SELECT w.tenant_id, w.workspace_id, w.reviewed_at::date,
                    "idv"."duration_bucket"(date_part('epoch', w.reviewed_at - w.assessed_at)), 1
               FROM old_rows o JOIN new_rows w ON w.id = o.id
              WHERE w.review_status IN ('accepted', 'rejected') AND w.assessed_at IS NOT NULL AND w.reviewed_at IS NOT NULL
                AND (w.review_status, w.reviewed_at, w.assessed_at) IS DISTINCT FROM (o.review_status, o.reviewed_at, o.assessed_at)
           ) moved
          GROUP BY 1, 2, 3, 4
         HAVING sum(n) <> 0
       ) c
      HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "decision_day_buckets_insert" AFTER INSERT ON "idv"."sessions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "idv"."decision_day_buckets_written"();
CREATE TRIGGER "decision_day_buckets_update" AFTER UPDATE ON "idv"."sessions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "idv"."decision_day_buckets_written"();
CREATE TRIGGER "decision_day_buckets_delete" AFTER DELETE ON "idv"."sessions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "idv"."decision_day_buckets_written"();

-- Decisions made before this migration.
INSERT INTO "idv"."decision_day_buckets" ("tenant_id", "workspace_id", "day", "bucket", "decisions")
SELECT tenant_id, workspace_id, reviewed_at::date, "idv"."duration_bucket"(date_part('epoch', reviewed_at - assessed_at)), count(*)
  FROM "idv"."sessions"
 WHERE review_status IN ('accepted', 'rejected') AND assessed_at IS NOT NULL AND reviewed_at IS NOT NULL
 GROUP BY 1, 2, 3, 4;
