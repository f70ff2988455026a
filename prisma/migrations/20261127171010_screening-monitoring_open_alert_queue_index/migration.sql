-- Written by hand: Prisma's schema cannot express a partial index, so screening-monitoring.prisma is
-- unchanged (the snapshot beside this file equals it).
--
-- The analytics page's alert queue (open monitoring alerts, by age since raised): only the open
-- alerts, in created_at order, so the count, the oldest and the middle entries (the median) are read
-- from the index alone. On the (tenant, workspace, status, created_at) index the planner, at the
-- default random_page_cost, counted the open alerts with a sequential scan of every alert.
CREATE INDEX "monitoring_alerts_open_created_at_idx" ON "screening"."monitoring_alerts" ("tenant_id", "workspace_id", "created_at")
  WHERE "status" = 'open';

-- Index-only scans skip the row only on pages the visibility map marks all-visible (autovacuum sets
-- it). By default autovacuum comes only after a fifth of a table changed; at a fiftieth the pages of
-- the open alerts stay all-visible far more of the time (vacuum skips pages already all-visible, so
-- more frequent runs cost little).
ALTER TABLE "screening"."monitoring_alerts" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
