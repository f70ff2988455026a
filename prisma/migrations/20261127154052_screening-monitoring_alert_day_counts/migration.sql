-- CreateTable
CREATE TABLE "screening"."alert_day_counts" (
    "tenant_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "shard" SMALLINT NOT NULL,
    "alerts" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "alert_day_counts_pkey" PRIMARY KEY ("tenant_id","workspace_id","day","shard")
);


-- Keep alert_day_counts exact, as the other day counters are kept: statement-level triggers in the
-- writing transaction, one counter write per workspace and day per statement, on the writing
-- connection's shard (pg_backend_pid() % 16); the sum over shards is exact. An alert counts on the
-- UTC day it was raised (created_at); a data repair that moves created_at moves it.
CREATE FUNCTION "screening"."alert_day_counts_add"(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "screening"."alert_day_counts" ("tenant_id", "workspace_id", "day", "shard", "alerts")
  SELECT d->>'tenant_id', d->>'workspace_id', (d->>'day')::date, (pg_backend_pid() % 16)::smallint, (d->>'n')::bigint
    FROM jsonb_array_elements(deltas) d
   ORDER BY d->>'tenant_id', d->>'workspace_id', d->>'day'
  ON CONFLICT ("tenant_id", "workspace_id", "day", "shard")
  DO UPDATE SET "alerts" = "alert_day_counts"."alerts" + EXCLUDED."alerts";
$$;

CREATE FUNCTION "screening"."alert_day_counts_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "screening"."alert_day_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'n', n)))
       FROM (SELECT tenant_id, workspace_id, created_at::date AS day, count(*) AS n FROM new_rows GROUP BY 1, 2, 3) c HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "screening"."alert_day_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'n', -n)))
       FROM (SELECT tenant_id, workspace_id, created_at::date AS day, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) c HAVING count(*) > 0;
  ELSE
    -- Only an alert whose day changed moves (acknowledgements and assignments write no counter).
    PERFORM "screening"."alert_day_counts_add"(jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'workspace_id', workspace_id, 'day', day, 'n', n)))
       FROM (
         SELECT tenant_id, workspace_id, day, sum(n) AS n FROM (
           SELECT o.tenant_id, o.workspace_id, o.created_at::date AS day, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
            WHERE w.created_at::date IS DISTINCT FROM o.created_at::date
           UNION ALL
           SELECT w.tenant_id, w.workspace_id, w.created_at::date, 1 FROM old_rows o JOIN new_rows w ON w.id = o.id
            WHERE w.created_at::date IS DISTINCT FROM o.created_at::date
         ) moved GROUP BY 1, 2, 3
       ) c HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "alert_day_counts_insert" AFTER INSERT ON "screening"."monitoring_alerts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."alert_day_counts_written"();
CREATE TRIGGER "alert_day_counts_update" AFTER UPDATE ON "screening"."monitoring_alerts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."alert_day_counts_written"();
CREATE TRIGGER "alert_day_counts_delete" AFTER DELETE ON "screening"."monitoring_alerts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "screening"."alert_day_counts_written"();

-- Alerts raised before this migration.
INSERT INTO "screening"."alert_day_counts" ("tenant_id", "workspace_id", "day", "shard", "alerts")
SELECT tenant_id, workspace_id, created_at::date, 0, count(*) FROM "screening"."monitoring_alerts" GROUP BY 1, 2, 3;
