-- CreateTable
CREATE TABLE "screening"."alert_decision_day_buckets" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "bucket" SMALLINT NOT NULL,
    "decisions" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "alert_decision_day_buckets_pkey" PRIMARY KEY ("tenant_id","workspace_id","day","bucket")
);


-- One bucket's acknowledgements of a range, read from the index alone (the median's rank within its
-- bucket). screening.duration_bucket: migration screening_analytics_decision_time_buckets.
CREATE INDEX "monitoring_alerts_decision_bucket_acknowledged_at_idx" ON "screening"."monitoring_alerts"
  ("tenant_id", "workspace_id", "screening"."duration_bucket"(date_part('epoch', "acknowledged_at" - "created_at")), "acknowledged_at") INCLUDE ("created_at")
  WHERE "status" = 'acknowledged' AND "acknowledged_at" IS NOT NULL;

-- Keep alert_decision_day_buckets exact: statement-level triggers on monitoring_alerts in the writing
-- transaction. An alert counts on the UTC day of its acknowledgement, in the bucket of its duration
-- from raised, while its status is acknowledged. One counter write per workspace, day and bucket per
-- statement, in key order.
CREATE FUNCTION "screening"."alert_decision_day_buckets_add"(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "screening"."alert_decision_day_buckets" ("tenant_id", "workspace_id", "day", "bucket", "decisions")
  SELECT d->>'tenant_id', d->>'workspace_id', (d->>'day')::date, (d->>'bucket')::smallint, (d->>'n')::bigint
    FROM jsonb_array_elements(deltas) d
   ORDER BY d->>'tenant_id', d->>'workspace_id', (d->>'day')::date, (d->>'bucket')::smallint
  ON CONFLICT ("tenant_id", "workspace_id", "day", "bucket")
  DO UPDATE SET "decisions" = "alert_decision_day_buckets"."decisions" + EXCLUDED."decisions";
$$;

CREATE FUNCTION "screening"."alert_decision_day_buckets_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "screening"."alert_decision_day_buckets_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'bucket', bucket, 'n', n)))
       FROM (SELECT tenant_id, workspace_id, acknowledged_at::date AS day,
                    "screening"."duration_bucket"(date_part('epoch', acknowledged_at - created_at)) AS bucket, count(*) AS n
               FROM new_rows WHERE status = 'acknowledged' AND acknowledged_at IS NOT NULL GROUP BY 1, 2, 3, 4) c
      HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "screening"."alert_decision_day_buckets_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'bucket', bucket, 'n', -n)))
       FROM (SELECT tenant_id, workspace_id, acknowledged_at::date AS day,
                    "screening"."duration_bucket"(date_part('epoch', acknowledged_at - created_at)) AS bucket, count(*) AS n
               FROM old_rows WHERE status = 'acknowledged' AND acknowledged_at IS NOT NULL GROUP BY 1, 2, 3, 4) c
      HAVING count(*) > 0;
  ELSE
    -- Only an alert whose counted facts changed moves (other updates write no counter): out of the
    -- old day and bucket when it was counted, into the new when it is.
    PERFORM "screening"."alert_decision_day_buckets_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'bucket', bucket, 'n', n)))
       FROM (
         SELECT tenant_id, workspace_id, day, bucket, sum(n) AS n
           FROM (
             SELECT o.tenant_id, o.workspace_id, o.acknowledged_at::date AS day,
                    "screening"."duration_bucket"(date_part('epoch', o.acknowledged_at - o.created_at)) AS bucket, -1 AS n
               FROM old_rows o JOIN new_rows w ON w.id = o.id
              WHERE o.status = 'acknowledged' AND o.acknowledged_at IS NOT NULL
                AND (w.status, w.acknowledged_at, w.created_at) IS DISTINCT FROM (o.status, o.acknowledged_at, o.created_at)
             UNION ALL
             SELECT w.tenant_id, w.workspace_id, w.acknowledged_at::date,
                    "screening"."duration_bucket"(date_part('epoch', w.acknowledged_at - w.created_at)), 1
               FROM old_rows o JOIN new_rows w ON w.id = o.id
              WHERE w.status = 'acknowledged' AND w.acknowledged_at IS NOT NULL
                AND (w.status, w.acknowledged_at, w.created_at) IS DISTINCT FROM (o.status, o.acknowledged_at, o.created_at)
           ) moved
          GROUP BY 1, 2, 3, 4
         HAVING sum(n) <> 0
       ) c
      HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "alert_decision_day_buckets_insert" AFTER INSERT ON "screening"."monitoring_alerts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."alert_decision_day_buckets_written"();
CREATE TRIGGER "alert_decision_day_buckets_update" AFTER UPDATE ON "screening"."monitoring_alerts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."alert_decision_day_buckets_written"();
CREATE TRIGGER "alert_decision_day_buckets_delete" AFTER DELETE ON "screening"."monitoring_alerts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."alert_decision_day_buckets_written"();

-- Alerts acknowledged before this migration.
INSERT INTO "screening"."alert_decision_day_buckets" ("tenant_id", "workspace_id", "day", "bucket", "decisions")
SELECT tenant_id, workspace_id, acknowledged_at::date, "screening"."duration_bucket"(date_part('epoch', acknowledged_at - created_at)), count(*)
  FROM "screening"."monitoring_alerts"
 WHERE status = 'acknowledged' AND acknowledged_at IS NOT NULL
 GROUP BY 1, 2, 3, 4;
