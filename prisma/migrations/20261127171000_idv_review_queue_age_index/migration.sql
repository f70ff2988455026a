-- Written by hand: Prisma's schema cannot express a partial expression index, so idv.prisma is
-- unchanged (the snapshot beside this file equals it).
--
-- The analytics page's review queue (sessions waiting for a reviewer, by age since assessed): only
-- the waiting sessions, in order of the instant they wait since, with the columns that instant is
-- computed from, so the count, the oldest and the middle entries (the median) are read from the
-- index alone, a few thousand entries instead of every waiting session's row and a sort.
CREATE INDEX "sessions_review_queue_age_idx" ON "idv"."sessions"
  ("tenant_id", "workspace_id", (coalesce("assessed_at", "created_at"))) INCLUDE ("assessed_at", "created_at")
  WHERE "review_status" IN ('requires_review', 'escalation');

-- Index-only scans skip the row only on pages the visibility map marks all-visible, which autovacuum
-- sets. Sessions are updated at every capture step and review, and by default autovacuum comes only
-- after a fifth of the table changed; at a fiftieth the queue's pages stay all-visible far more of
-- the time (vacuum skips the pages already all-visible, so more frequent runs cost little).
ALTER TABLE "idv"."sessions" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
