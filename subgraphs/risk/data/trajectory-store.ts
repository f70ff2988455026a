// The trajectory: an append-only activity stream per assessment with a strictly increasing
// sequence. Events are written only inside a transaction holding the assessment row lock, so
// sequences have neither gaps nor repeats; a step key makes re-writing a step a no-op.
import { Prisma } from '../../../platform/db/prisma-client';
import { newId } from '../../../platform/ids/new-id';
import { takeSequences } from './assessment-store';
import type { Db, DbClient, DbTx } from '../../../platform/db/prisma';
import type { TrajectoryOf } from '../domain/trajectory-data';

/** One event to append: its type with the data stored for it (domain/trajectory-details.ts). */
export type NewTrajectoryEvent = {
  stepKey: string;
  message: string;
  actor: string;
} & TrajectoryOf;

/** Appends events not yet written (by step key); returns how many were new. */
export async function appendEvents(tx: DbTx, assessmentId: string, runId: string | null, events: NewTrajectoryEvent[]): Promise<number> {
  if (!events.length) return 0;
  const existing = await tx.riskTrajectoryEvent.findMany({
    where: { assessmentId, stepKey: { in: events.map((e) => e.stepKey) } },
    select: { stepKey: true },
  });
  const seen = new Set(existing.map((row) => row.stepKey));
  const fresh = events.filter((event) => !seen.has(event.stepKey));
  if (!fresh.length) return 0;
  const first = await takeSequences(tx, assessmentId, fresh.length);
  await tx.riskTrajectoryEvent.createMany({
    data: fresh.map((event, index) => ({
      id: newId('te'),
      assessmentId,
      runId,
      sequence: first + index,
      stepKey: event.stepKey,
      type: event.type,
      message: event.message,
      data: event.data as Prisma.InputJsonValue,
      actor: event.actor,
    })),
  });
  return fresh.length;
}

const EVENT_COLUMNS = `id, assessment_id AS "assessmentId", run_id AS "runId", sequence, step_key AS "stepKey", type, message, data, actor,
  created_at AS "createdAt"`;

/** A page of an assessment's events after `afterSequence` (sequences start at 1), in sequence order,
 * one more than `limit` (the caller tells whether there are more). The caller has read the
 * assessment in its scope (events carry no scope of their own): one prepared statement per order. */
export async function readTrajectory(
  db: Db,
  assessmentId: string,
  query: { afterSequence?: number; limit: number; direction: 'asc' | 'desc' },
): Promise<TrajectoryRow[]> {
  const direction = query.direction === 'desc' ? 'DESC' : 'ASC';
  const rows = await db.$readRows(
    `SELECT ${EVENT_COLUMNS} FROM risk.trajectory_events WHERE assessment_id = $1 AND sequence > $2 ORDER BY sequence ${direction} LIMIT $3`,
    [assessmentId, query.afterSequence ?? 0, query.limit + 1],
    `risk_trajectory_page_${direction.toLowerCase()}`,
  );
  return rows as unknown as TrajectoryRow[];
}

/** An event as stored (the row Prisma answers). */
export type TrajectoryRow = Awaited<ReturnType<typeof readAllEvents>>[number];

export async function readAllEvents(db: DbClient, assessmentId: string, types: string[]) {
  return db.riskTrajectoryEvent.findMany({ where: { assessmentId, type: { in: types } }, orderBy: { sequence: 'asc' } });
}
