// Onboarding runs and their tasks. Reads are scoped by tenant and workspace; the worker's lease
// and dispatch queries run across tenants (a worker serves every workspace) and then act within
// the run's own scope.
import { newId } from '../../../../platform/ids/new-id';
import type { DbClient, DbTx, Scope } from '../../../../platform/db/prisma';
import { queryableId } from '../../data/scope';

export type OnboardingRunRow = NonNullable<Awaited<ReturnType<typeof findRunById>>>;
export type OnboardingTaskRow = OnboardingRunRow['tasks'][number];
export type TaskKind = 'screening' | 'idv';

export interface NewRun {
  profileId: string;
  sequence: string;
  screening: boolean;
  screeningFeeds: string[];
  idv: boolean;
  idvWorkflowId: string | null;
  actorKind: string;
  actorId: string;
}

const withTasks = { tasks: { orderBy: { createdAt: 'asc' as const } } };

export async function insertRun(db: DbClient, scope: Scope, run: NewRun): Promise<OnboardingRunRow> {
  const id = newId('onb');
  const kinds: TaskKind[] = [];
  // Tasks are listed in the order the sequence runs them (parallel: screening first).
  if (run.sequence === 'idv_first') kinds.push(...(run.idv ? ['idv' as const] : []), ...(run.screening ? ['screening' as const] : []));
  else kinds.push(...(run.screening ? ['screening' as const] : []), ...(run.idv ? ['idv' as const] : []));
  const created = Date.now();
  return db.profileOnboardingRun.create({
    data: {
      id,
      ...scope,
      profileId: run.profileId,
      sequence: run.sequence,
      screeningFeeds: run.screeningFeeds,
      idvWorkflowId: run.idvWorkflowId,
      actorKind: run.actorKind,
      actorId: run.actorId,
      tasks: {
        create: kinds.map((kind, index) => ({
          id: newId('obt'),
          tenantId: scope.tenantId,
          workspaceId: scope.workspaceId,
          kind,
          createdAt: new Date(created + index),
        })),
      },
    },
    include: withTasks,
  });
}

/** Locks the run's row until the transaction `tx` ends: outcome handling and the runner's idle
 * release of one run are serialized. */
export async function lockRun(tx: DbTx, id: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "profiles"."onboarding_runs" WHERE id = ${id} FOR UPDATE`;
}

export async function findRunById(db: DbClient, id: string) {
  return db.profileOnboardingRun.findUnique({ where: { id }, include: withTasks });
}

export async function findRunOfProfile(db: DbClient, scope: Scope, profileId: string) {
  if (!queryableId(profileId)) return null;
  return db.profileOnboardingRun.findFirst({ where: { ...scope, profileId }, include: withTasks });
}

export async function findRunsOfProfiles(db: DbClient, scope: Scope, profileIds: readonly string[]) {
  return db.profileOnboardingRun.findMany({ where: { ...scope, profileId: { in: profileIds.filter(queryableId) } }, include: withTasks });
}

/** Takes the run for a worker until `until`, unless another live worker holds it. */
export async function leaseRun(db: DbClient, id: string, now: Date, until: Date): Promise<boolean> {
  const taken = await db.profileOnboardingRun.updateMany({
    where: { id, status: 'running', needsWork: true, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseUntil: until, attempts: { increment: 1 } },
  });
  return taken.count === 1;
}

export async function updateRun(
  db: DbClient,
  id: string,
  data: { needsWork?: boolean; leaseUntil?: Date | null; status?: string; decidedAt?: Date; lastError?: string | null; attempts?: number },
) {
  await db.profileOnboardingRun.update({ where: { id }, data });
}

export async function updateTask(
  db: DbClient,
  id: string,
  data: { status?: string; searchId?: string; sessionId?: string; error?: string | null; startedAt?: Date; completedAt?: Date },
) {
  await db.profileOnboardingTask.update({ where: { id }, data });
}

/** Runs a worker should take now: work to do and no live lease. */
export async function findRunsToDispatch(db: DbClient, now: Date, take = 100) {
  return db.profileOnboardingRun.findMany({
    where: { status: 'running', needsWork: true, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take,
  });
}

/** The running run of a profile whose IDV task waits on this session (IDV outcomes). */
export async function findRunWaitingOnSession(db: DbClient, scope: Scope, profileId: string) {
  return db.profileOnboardingRun.findFirst({ where: { ...scope, profileId, status: 'running' }, include: withTasks });
}
