// The trajectory: an append-only activity stream per assessment with a strictly increasing
// sequence. Events are written only inside a transaction holding the assessment row lock, so
// sequences have neither gaps nor repeats; a step key makes re-writing a step a no-op.
import { Prisma } from '../../../platform/db/prisma-client';
import { newId } from '../../../platform/ids/new-id';
import { takeSequences } from './assessment-store';
import type { DbClient, DbTx, Scope } from '../../../platform/db/prisma';
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

export async function readTrajectory(
  db: DbClient,
  scope: Scope,
  assessmentId: string,
  query: { afterSequence?: number; beforeSequence?: number; limit: number; direction: 'asc' | 'desc' },
) {
  const assessment = await db.riskAssessment.findFirst({ where: { ...scope, id: assessmentId }, select: { id: true } });
  if (!assessment) return null;
  const sequence: Prisma.IntFilter = {};
  if (query.afterSequence !== undefined) sequence.gt = query.afterSequence;
  if (query.beforeSequence !== undefined) sequence.lt = query.beforeSequence;
  return db.riskTrajectoryEvent.findMany({
    where: { assessmentId, sequence },
    orderBy: { sequence: query.direction },
    take: query.limit + 1,
  });
}
export type TrajectoryRow = NonNullable<Awaited<ReturnType<typeof readTrajectory>>>[number];

export async function readAllEvents(db: DbClient, assessmentId: string, types: string[]) {
  return db.riskTrajectoryEvent.findMany({ where: { assessmentId, type: { in: types } }, orderBy: { sequence: 'asc' } });
}
