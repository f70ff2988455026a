-- CreateTable
CREATE TABLE "idv"."outcome_day_counts" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "shard" SMALLINT NOT NULL,
    "automatic_pass" BIGINT NOT NULL DEFAULT 0,
    "sent_to_review" BIGINT NOT NULL DEFAULT 0,
    "rejected" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "outcome_day_counts_pkey" PRIMARY KEY ("tenant_id","workspace_id","day","shard")
);


-- Keep outcome_day_counts exact, as screening's day counters are kept: statement-level triggers in
-- the writing transaction, one counter write per workspace and day per statement, on the writing
-- connection's shard (pg_backend_pid() % 16); the sum over shards is exact. A session counts on the
-- UTC day of its assessment while its flow status is assessed, in the columns of its review status
-- now: a reviewer's decision moves it between columns, a change of day or flow status out and in.
CREATE FUNCTION "idv"."outcome_day_counts_add"(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "idv"."outcome_day_counts" ("tenant_id", "workspace_id", "day", "shard", "automatic_pass", "sent_to_review", "rejected")
  SELECT d->>'tenant_id', d->>'workspace_id', (d->>'day')::date, (pg_backend_pid() % 16)::smallint,
         (d->>'automatic_pass')::bigint, (d->>'sent_to_review')::bigint, (d->>'rejected')::bigint
    FROM jsonb_array_elements(deltas) d
   ORDER BY d->>'tenant_id', d->>'workspace_id', d->>'day'
  ON CONFLICT ("tenant_id", "workspace_id", "day", "shard")
  DO UPDATE SET "automatic_pass" = "outcome_day_counts"."automatic_pass" + EXCLUDED."automatic_pass",
                "sent_to_review" = "outcome_day_counts"."sent_to_review" + EXCLUDED."sent_to_review",
                "rejected" = "outcome_day_counts"."rejected" + EXCLUDED."rejected";
$$;

-- The counts of a set of sessions per workspace and day, by where their review stands.
CREATE FUNCTION "idv"."outcome_day_counts_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "idv"."outcome_day_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day,
                                                                        'automatic_pass', ap, 'sent_to_review', sr, 'rejected', rj)))
       FROM (SELECT tenant_id, workspace_id, assessed_at::date AS day,
                    count(*) FILTER (WHERE review_status = 'automatic_pass') AS ap,
                    count(*) FILTER (WHERE review_status IN ('requires_review', 'escalation', 'accepted', 'rejected')) AS sr,
                    count(*) FILTER (WHERE review_status = 'rejected') AS rj
               FROM new_rows WHERE status = 'assessed' AND assessed_at IS NOT NULL GROUP BY 1, 2, 3) c
      HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "idv"."outcome_day_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day,
                                                                        'automatic_pass', -ap, 'sent_to_review', -sr, 'rejected', -rj)))
       FROM (SELECT tenant_id, workspace_id, assessed_at::date AS day,
                    count(*) FILTER (WHERE review_status = 'automatic_pass') AS ap,
                    count(*) FILTER (WHERE review_status IN ('requires_review', 'escalation', 'accepted', 'rejected')) AS sr,
                    count(*) FILTER (WHERE review_status = 'rejected') AS rj
               FROM old_rows WHERE status = 'assessed' AND assessed_at IS NOT NULL GROUP BY 1, 2, 3) c
      HAVING count(*) > 0;
  ELSE
    -- Only a session whose counted facts changed moves (other updates write no counter): out of the
    -- old day and columns when it was counted, into the new when it is.
    PERFORM "idv"."outcome_day_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day,
                                                                        'automatic_pass', ap, 'sent_to_review', sr, 'rejected', rj)))
       FROM (
         SELECT tenant_id, workspace_id, day,
                coalesce(sum(n) FILTER (WHERE review_status = 'automatic_pass'), 0) AS ap,
                coalesce(sum(n) FILTER (WHERE review_status IN ('requires_review', 'escalation', 'accepted', 'rejected')), 0) AS sr,
                coalesce(sum(n) FILTER (WHERE review_status = 'rejected'), 0) AS rj
           FROM (
             SELECT o.tenant_id, o.workspace_id, o.assessed_at::date AS day, o.review_status, -1 AS n
               FROM old_rows o JOIN new_rows w ON w.id = o.id
              WHERE o.status = 'assessed' AND o.assessed_at IS NOT NULL
                AND (w.status, w.assessed_at::date, w.review_status) IS DISTINCT FROM (o.status, o.assessed_at::date, o.review_status)
             UNION ALL
             SELECT w.tenant_id, w.workspace_id, w.assessed_at::date, w.review_status, 1
               FROM old_rows o JOIN new_rows w ON w.id = o.id
              WHERE w.status = 'assessed' AND w.assessed_at IS NOT NULL
                AND (w.status, w.assessed_at::date, w.review_status) IS DISTINCT FROM (o.status, o.assessed_at::date, o.review_status)
           ) moved
          GROUP BY 1, 2, 3
       ) c
      WHERE ap <> 0 OR sr <> 0 OR rj <> 0
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "outcome_day_counts_insert" AFTER INSERT ON "idv"."sessions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "idv"."outcome_day_counts_written"();
CREATE TRIGGER "outcome_day_counts_update" AFTER UPDATE ON "idv"."sessions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "idv"."outcome_day_counts_written"();
CREATE TRIGGER "outcome_day_counts_delete" AFTER DELETE ON "idv"."sessions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "idv"."outcome_day_counts_written"();

-- Sessions assessed before this migration.
INSERT INTO "idv"."outcome_day_counts" ("tenant_id", "workspace_id", "day", "shard", "automatic_pass", "sent_to_review", "rejected")
SELECT tenant_id, workspace_id, assessed_at::date, 0,
       count(*) FILTER (WHERE review_status = 'automatic_pass'),
       count(*) FILTER (WHERE review_status IN ('requires_review', 'escalation', 'accepted', 'rejected')),
       count(*) FILTER (WHERE review_status = 'rejected')
  FROM "idv"."sessions"
 WHERE status = 'assessed' AND assessed_at IS NOT NULL
 GROUP BY 1, 2, 3;
