// The assessment on the job queue (pg-boss `idv.assess`), off the request path. A dispatcher in
// the worker enqueues every queued session and every assessment stalled by a crash, so nothing
// submitted is lost across restarts. The session row is the source of truth, not the job: a job
// takes the row lock and moves queued → assessing (counting the attempt) or resumes a stalled
// assessing session; any other job for the session (a duplicate) does nothing. An attempt that
// errs puts the session back to queued for the dispatcher; after MAX_ATTEMPTS attempts it moves
// to failed (idv.session.failed).
import { VigilConfig } from '../../../platform/config';
import { Db, type Scope } from '../../../platform/db/prisma';
import { BlobStore, blobStoreFromEnv } from '../../../platform/blobs';
import { DispatchTicker, startDispatchTicker } from '../../../platform/jobs/dispatch-ticker';
import { JobDefinition, JobQueue } from '../../../platform/jobs/job-queue';
import { logger } from '../../../platform/logging/logger';
import { servicePrincipal } from '../../../platform/principal/principal';
import { callSubgraph } from '../../../platform/subgraph/internal-client';
import { findSession, findSessionsToAssess, lockSession, updateSession } from '../data/session-store';
import { createIdvDeps, IdvDeps } from '../services/deps';
import { completeAssessment, failAssessment } from '../services/lifecycle-service';
import { assessSession, ProfileFacts } from './assess-session';
import { HumanFaceAnalyzer } from './human-face-analyzer';
import { AssessmentProviders } from './providers';
import { TesseractOcr } from './tesseract-ocr';

export const ASSESSMENT_QUEUE = 'idv.assess';
export const MAX_ATTEMPTS = 3;
/** An assessment not finished this long after its last move is considered stalled. */
export const STALLED_AFTER_MS = 10 * 60 * 1000;

export interface AssessmentJobData {
  tenantId: string;
  workspaceId: string;
  sessionId: string;
}

export interface AssessmentRuntime {
  idv: IdvDeps;
  blobs: BlobStore;
  providers: AssessmentProviders;
  profileFacts(scope: Scope, profileId: string): Promise<ProfileFacts | null>;
}

export function localProviders(): AssessmentProviders {
  return { faces: new HumanFaceAnalyzer(), ocr: new TesseractOcr() };
}

/** The profile's name and date of birth (its `date_of_birth` date custom field, docs/profiles.md)
 * from the profiles subgraph. A subgraph that cannot answer throws: the attempt is retried, never
 * assessed as if the profile had no date of birth. */
export function subgraphProfileFacts(config: VigilConfig) {
  return async (scope: Scope, profileId: string): Promise<ProfileFacts | null> => {
    const data = await callSubgraph<{ _entities: ({ id: string; name: string; dateOfBirth: string | null } | null)[] }>({
      url: config.subgraphUrls.profiles,
      query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Profile { id name dateOfBirth } } }',
      variables: { r: [{ __typename: 'Profile', id: profileId }] },
      principal: servicePrincipal('idv', scope),
      secret: config.internalSecret,
    });
    const profile = data._entities?.[0];
    return profile ? { name: profile.name, birthDate: profile.dateOfBirth } : null;
  };
}

/** queued → assessing, or a stalled assessing session resumed; counts the attempt. Null when
 * there is nothing to assess (finished, canceled, or another job is assessing it). */
async function beginAttempt(runtime: AssessmentRuntime, scope: Scope, id: string) {
  return runtime.idv.db.$transaction(async (tx) => {
    const row = await lockSession(tx, scope, id);
    if (!row) return null;
    const stalled = row.status === 'assessing' && row.updatedAt.getTime() < runtime.idv.now().getTime() - STALLED_AFTER_MS;
    if (row.status !== 'queued' && !stalled) return null;
    return updateSession(tx, scope, id, { status: 'assessing', assessmentAttempts: row.assessmentAttempts + 1 });
  });
}

/** An attempt erred: back to queued for the dispatcher (only while this attempt still owns it). */
async function requeue(runtime: AssessmentRuntime, scope: Scope, id: string, attempt: number) {
  await runtime.idv.db.$transaction(async (tx) => {
    const row = await lockSession(tx, scope, id);
    if (row?.status === 'assessing' && row.assessmentAttempts === attempt) await updateSession(tx, scope, id, { status: 'queued' });
  });
}

export async function runAssessmentJob(runtime: AssessmentRuntime, data: AssessmentJobData): Promise<void> {
  const scope = { tenantId: data.tenantId, workspaceId: data.workspaceId };
  const row = await beginAttempt(runtime, scope, data.sessionId);
  if (!row) return;
  const log = logger.child({ job: ASSESSMENT_QUEUE, sessionId: row.id, attempt: row.assessmentAttempts });
  try {
    const profile = await runtime.profileFacts(scope, row.profileId);
    const started = Date.now();
    const outcome = await assessSession({ deps: runtime.idv, blobs: runtime.blobs, providers: runtime.providers, profile }, row);
    await completeAssessment(runtime.idv, scope, row.id, outcome);
    log.info(
      {
        decision: outcome.decision,
        reasons: outcome.checks.filter((c) => c.outcome === 'fail').map((c) => c.reason_code),
        ms: Date.now() - started,
      },
      'assessment completed',
    );
  } catch (error) {
    const current = await findSession(runtime.idv.db, scope, row.id);
    if (current?.status !== 'assessing') return; // canceled or finished meanwhile
    if (row.assessmentAttempts >= MAX_ATTEMPTS) {
      log.error({ err: error }, 'assessment failed after its last attempt');
      await failAssessment(runtime.idv, scope, row.id, 'assessment_error');
      return;
    }
    log.warn({ err: error }, 'assessment attempt failed; will retry');
    await requeue(runtime, scope, row.id, row.assessmentAttempts);
  }
}

export function createAssessmentRuntime(db: Db, config: VigilConfig, overrides: Partial<AssessmentRuntime> = {}): AssessmentRuntime {
  return {
    idv: createIdvDeps(db, config),
    blobs: blobStoreFromEnv(),
    providers: localProviders(),
    profileFacts: subgraphProfileFacts(config),
    ...overrides,
  };
}

export function idvAssessmentJobs(
  deps: { db: Db; config: VigilConfig },
  overrides: Partial<AssessmentRuntime> = {},
): JobDefinition<AssessmentJobData>[] {
  let runtime: AssessmentRuntime | null = null;
  return [
    {
      queue: ASSESSMENT_QUEUE,
      // Retries are the dispatcher's (the session row says what is left to do); it re-sends every
      // queued session each tick, so one waiting job per session.
      retryLimit: 0,
      onePerKey: true,
      handler: async (data) => runAssessmentJob((runtime ??= createAssessmentRuntime(deps.db, deps.config, overrides)), data),
    },
  ];
}

/** Enqueues queued and stalled sessions every intervalMs (the singleton key keeps one job per session). */
export function startAssessmentDispatcher(db: Db, queue: JobQueue, intervalMs = 1000): DispatchTicker {
  return startDispatchTicker({
    name: 'assessment',
    queue,
    jobQueue: ASSESSMENT_QUEUE,
    intervalMs,
    due: () => findSessionsToAssess(db, new Date(Date.now() - STALLED_AFTER_MS)),
    job: (s) => ({ data: { tenantId: s.tenantId, workspaceId: s.workspaceId, sessionId: s.id }, singletonKey: s.id }),
  });
}
