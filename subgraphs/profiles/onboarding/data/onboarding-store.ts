// Onboarding runs and their tasks. Reads are scoped by tenant and workspace; the worker's lease
// and dispatch queries run across tenants (a worker serves every workspace) and then act within
// the run's own scope.
import { newId } from '../../../../platform/ids/new-id';
import type { Db, DbClient, DbTx, Scope } from '../../../../platform/db/prisma';
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

/** The request loader's read of findRunsOfProfiles (the same rows, tasks oldest first): one prepared
 * statement joining runs and tasks, no Prisma per call (every profile page reads it). */
export async function readRunsOfProfiles(db: Db, scope: Scope, profileIds: readonly string[]): Promise<OnboardingRunRow[]> {
  const rows = (await db.$readRows(
    `SELECT r.id, r.tenant_id AS "tenantId", r.workspace_id AS "workspaceId", r.profile_id AS "profileId", r.sequence,
            r.screening_feeds AS "screeningFeeds", r.idv_workflow_id AS "idvWorkflowId", r.actor_kind AS "actorKind",
            r.actor_id AS "actorId", r.status, r.needs_work AS "needsWork", r.lease_until AS "leaseUntil", r.attempts,
            r.last_error AS "lastError", r.decided_at AS "decidedAt", r.created_at AS "createdAt", r.updated_at AS "updatedAt",
            t.id AS "taskId", t.kind AS "taskKind", t.status AS "taskStatus", t.search_id AS "taskSearchId",
            t.session_id AS "taskSessionId", t.error AS "taskError", t.started_at AS "taskStartedAt",
            t.completed_at AS "taskCompletedAt", t.created_at AS "taskCreatedAt"
       FROM profiles.onboarding_runs r LEFT JOIN profiles.onboarding_tasks t ON t.run_id = r.id
      WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.profile_id = ANY($3::text[])
      ORDER BY r.id, t.created_at, t.id`,
    [scope.tenantId, scope.workspaceId, profileIds.filter(queryableId)],
    'profiles_onboarding_runs_of_profiles',
  )) as unknown as JoinedRunRow[];
  const runs = new Map<string, OnboardingRunRow>();
  for (const row of rows) {
    const { taskId, taskKind, taskStatus, taskSearchId, taskSessionId, taskError, taskStartedAt, taskCompletedAt, taskCreatedAt, ...run } =
      row;
    let joined = runs.get(run.id);
    if (!joined) runs.set(run.id, (joined = { ...run, tasks: [] }));
    if (taskId === null) continue;
    joined.tasks.push({
      id: taskId,
      runId: run.id,
      tenantId: run.tenantId,
      workspaceId: run.workspaceId,
      kind: taskKind!,
      status: taskStatus!,
      searchId: taskSearchId,
      sessionId: taskSessionId,
      error: taskError,
      startedAt: taskStartedAt,
      completedAt: taskCompletedAt,
      createdAt: taskCreatedAt!,
    });
  }
  return [...runs.values()];
}

/** A run joined with one of its tasks (the task columns null for a run without tasks). */
type JoinedRunRow = Omit<OnboardingRunRow, 'tasks'> & {
  taskId: string | null;
  taskKind: string | null;
  taskStatus: string | null;
  taskSearchId: string | null;
  taskSessionId: string | null;
  taskError: string | null;
  taskStartedAt: Date | null;
  taskCompletedAt: Date | null;
  taskCreatedAt: Date | null;
};

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
