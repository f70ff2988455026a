// POST /sessions and the management reads. The numbered rules of the interface, in order:
//   1 profile_id required/valid, profile exists in scope (fail closed when profiles is down)
//   2 workflow, steps and workflow_id mutually exclusive
//   3 workflow_id in scope and active
//   4 otherwise the scope default workflow, falling back to the liveness_and_id preset
//   5 erasure-claimed profiles get no new session
//   6 idempotency: same key + same fingerprint replays (token ""), different fingerprint 409
//   7 session_overrides only for entitled application principals (403)
//   8 tenant/workspace always from the principal
//   9 anything off-schema: 400 schema_validation_failed
import crypto from 'node:crypto';
import { z } from 'zod';
import { hashSecret } from '../../../platform/crypto/hash';
import { open, seal } from '../../../platform/crypto/envelope';
import { newId, newSecret } from '../../../platform/ids/new-id';
import { Principal } from '../../../platform/principal/principal';
import { UniqueViolation } from '../../../platform/db/unique-violation';
import {
  claimIdempotencyKey,
  countReviewQueue,
  countSessions,
  findIdempotencyRecord,
  findSession,
  insertSession,
  listReviewQueue,
  listSessions,
  readSession,
  NewSession,
  SessionParts,
  SessionRow,
} from '../data/session-store';
import { isFlowStatus, isReviewStatus, OPEN_REVIEW } from '../model/states';
import type { Db, Scope } from '../../../platform/db/prisma';
import { IdvError } from '../errors';
import { applyOverrides, SessionOverrides, sessionOverridesOf, sessionOverridesSchema } from '../model/overrides';
import { normalizeSteps, stepsSchema, WorkflowPreset, WritableStep, writableStepOf } from '../model/steps';
import {
  canonicalJson,
  checkRule,
  decodeCursor,
  encodeCursor,
  IDEMPOTENCY_KEY_PATTERN,
  pageSize,
  parseOrThrow,
  PROFILE_ID_PATTERN,
} from '../model/validation';
import type { CreateVerificationSessionInput } from '../resolvers/resolver-types.generated';
import { IdvDeps } from './deps';
import { buildCaptureManifest, ManagementSession, toManagementSession } from './projection';
import { requireManagement } from './principals';
import { DEFAULT_RETENTION_DAYS, resolveFlow } from './workflow-service';
import { flagSettingsColumn, resultsColumn, subjectReferenceColumn, answersColumn } from '../data/json-columns';

export const SESSION_PAGE_DEFAULT = 50;
export const SESSION_PAGE_MAX = 100;
export const CAPTURE_TOKEN_PREFIX = 'idvct';
const IDEMPOTENCY_SCOPE = 'idv.session.create';

/** A new session's request as the rules accepted it (interface names in messages, typed fields here). */
export interface CheckedSessionRequest {
  profileId: string;
  subjectReference?: string;
  retentionPolicyId?: string;
  workflow?: WorkflowPreset;
  steps?: WritableStep[];
  workflowId?: string;
  idempotencyKey?: string;
  sessionOverrides?: SessionOverrides;
}

export interface CreatedSession {
  session: ManagementSession;
  /** The one-time capture token; "" on an idempotent replay. */
  sessionToken: string;
  tokenExpiresAt: string;
  replayed: boolean;
}

/** Rule 1's first half: presence and shape of profile_id, before any other rule. */
function checkProfileId(value: string | null | undefined): string {
  if (value === undefined || value === null || value === '')
    throw new IdvError('idv_profile_id_required', 'profile_id is required', { field: 'body.profile_id' });
  if (value.length > 128 || !PROFILE_ID_PATTERN.test(value)) {
    throw new IdvError('idv_profile_id_invalid', 'profile_id must be 1 to 128 characters matching ^[A-Za-z0-9._:-]+$', {
      field: 'body.profile_id',
    });
  }
  return value;
}

const orAbsent = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/**
 * The rules of POST /sessions on a typed request, in their order: rule 1's profile_id, then rule
 * 9's field rules in the order of CreateSessionRequest, then rule 2 (workflow, steps and
 * workflow_id mutually exclusive). The REST adapter checks the wire shape of a body before.
 */
export function checkCreateSessionInput(input: CreateVerificationSessionInput): CheckedSessionRequest {
  const profileId = checkProfileId(input.profileId);
  checkRule(z.string().min(1).max(1024), input.subjectReference, 'body.subject_reference');
  checkRule(z.string().min(1).max(128), input.retentionPolicyId, 'body.retention_policy_id');
  const steps = input.steps ? parseOrThrow(stepsSchema, input.steps.map(writableStepOf), 'body.steps') : undefined;
  checkRule(z.string().min(1).max(128), input.workflowId, 'body.workflow_id');
  checkRule(
    z.string().min(1).max(160).regex(IDEMPOTENCY_KEY_PATTERN, 'must match ^[A-Za-z0-9._:-]+$'),
    input.idempotencyKey,
    'body.idempotency_key',
  );
  const sessionOverrides = input.sessionOverrides
    ? parseOrThrow(sessionOverridesSchema, sessionOverridesOf(input.sessionOverrides), 'body.session_overrides')
    : undefined;
  const sources = [
    ['workflow', input.workflow],
    ['steps', input.steps],
    ['workflow_id', input.workflowId],
  ] as const;
  const given = sources.filter(([, value]) => value !== undefined && value !== null).map(([name]) => name);
  if (given.length > 1)
    throw new IdvError('schema_validation_failed', `body.${given[1]}: ${given.join(', ')} are mutually exclusive`, {
      field: `body.${given[1]}`,
    });
  return {
    profileId,
    subjectReference: orAbsent(input.subjectReference),
    retentionPolicyId: orAbsent(input.retentionPolicyId),
    workflow: orAbsent(input.workflow),
    steps,
    workflowId: orAbsent(input.workflowId),
    idempotencyKey: orAbsent(input.idempotencyKey),
    sessionOverrides,
  };
}

function fingerprintOf(input: CheckedSessionRequest): string {
  const source =
    input.workflowId !== undefined
      ? { workflow_id: input.workflowId }
      : input.steps
        ? { steps: normalizeSteps(input.steps) }
        : input.workflow
          ? { workflow: input.workflow }
          : { default: true };
  // Interface names: fingerprints stored before stay comparable.
  const normalized = {
    profile_id: input.profileId,
    source,
    subject_reference: input.subjectReference ?? null,
    retention_policy_id: input.retentionPolicyId ?? null,
    session_overrides: input.sessionOverrides ?? null,
  };
  return crypto.createHash('sha256').update(canonicalJson(normalized)).digest('hex');
}

class IdempotencyRace extends Error {}

export async function createSession(
  deps: IdvDeps,
  principal: Principal,
  request: CreateVerificationSessionInput,
  requestId?: string,
): Promise<CreatedSession> {
  const scope = requireManagement(principal);
  const input = checkCreateSessionInput(request);

  // Rule 7: overrides are an entitlement of the application, never of dashboard users.
  if (input.sessionOverrides && !(principal.kind === 'application' && principal.entitlements?.sessionOverrides === true)) {
    throw new IdvError('idv_session_overrides_forbidden', 'session_overrides: this application is not entitled to session overrides');
  }

  const fingerprint = fingerprintOf(input);
  if (input.idempotencyKey) {
    const replay = await replayFor(deps, scope, input.idempotencyKey, fingerprint);
    if (replay) return replay;
  }

  const profile = await deps.profileLookup(scope, input.profileId, requestId);
  if (!profile) throw new IdvError('idv_profile_not_found', 'profile_id: no such profile in this workspace', { field: 'body.profile_id' });
  if (profile.erasureClaimed)
    throw new IdvError('idv_profile_erasure_claimed', 'The profile is claimed by an erasure request: no new session can start');

  const flow = await resolveFlow(deps.db, scope, input);
  const applied = applyOverrides(input.sessionOverrides, flow.steps, principal.entitlements?.returnUrlPrefixes);
  const theme = await deps.themeSnapshot(deps.db, scope);

  const now = deps.now();
  const id = newId('idvs');
  const token = newSecret(CAPTURE_TOKEN_PREFIX);
  const tokenExpiresAt = new Date(now.getTime() + deps.tokenLifetimeMs);
  const retentionDays = flow.workflow?.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const workflow = flow.workflow;
  const data: NewSession = {
    id,
    ...scope,
    profileId: input.profileId,
    creatorApplicationId: principal.kind === 'application' ? principal.actorId : null,
    creatorKind: principal.kind,
    creatorId: principal.actorId,
    profileUpdateEnabled: workflow?.profileUpdateEnabled ?? false,
    flagSettings: flagSettingsColumn.read(workflow?.flagSettings ?? {}),
    privacyContactEmail: workflow?.privacyContactEmail ?? '',
    captureManifest: buildCaptureManifest(flow.presetName, flow.steps, applied),
    stepManifest: { version: 1, steps: flow.steps },
    workflowRef: workflow
      ? {
          workflow_id: workflow.id,
          name: workflow.name,
          revision: workflow.revision,
          preset: workflow.preset,
          source: flow.source,
          copied_at: now.toISOString(),
        }
      : null,
    themeRef: theme
      ? { source: 'theme', theme_id: theme.theme_id, revision: theme.revision, name: theme.name ?? null }
      : { source: 'default', theme_id: null, revision: null },
    themeSnapshot: theme ?? null,
    subjectReference:
      input.subjectReference !== undefined ? seal(deps.keyProvider, input.subjectReference, sealContext(id, 'subject_reference')) : null,
    retentionPolicyId: input.retentionPolicyId ?? null,
    completion: applied.completion ?? null,
    declaredIdType: applied.declaredIdType,
    tokenHash: hashSecret(token),
    tokenExpiresAt,
    deleteAfter: new Date(now.getTime() + retentionDays * 24 * 60 * 60 * 1000),
    createdAt: now,
  };

  try {
    const row = await deps.db.$transaction(
      async (tx) => {
        if (input.idempotencyKey) {
          // The platform's unique (tenant, workspace, scope, key) decides which concurrent create
          // wins: losers wait for the winner's commit and insert nothing.
          const claimed = await claimIdempotencyKey(tx, scope, {
            id: newId('idem'),
            scope: IDEMPOTENCY_SCOPE,
            key: input.idempotencyKey,
            fingerprint,
            resourceId: id,
          });
          if (!claimed) throw new IdempotencyRace();
        }
        return insertSession(tx, data);
      },
      { maxWait: 30_000, timeout: 30_000 },
    );
    return { session: toManagementSession(row), sessionToken: token, tokenExpiresAt: tokenExpiresAt.toISOString(), replayed: false };
  } catch (error) {
    if (!(error instanceof IdempotencyRace) && !isUniqueViolation(error)) throw error;
    const replay = input.idempotencyKey ? await replayFor(deps, scope, input.idempotencyKey, fingerprint) : null;
    if (!replay) throw error;
    return replay;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof UniqueViolation;
}

async function replayFor(deps: IdvDeps, scope: Scope, key: string, fingerprint: string): Promise<CreatedSession | null> {
  const record = await findIdempotencyRecord(deps.db, scope, IDEMPOTENCY_SCOPE, key);
  if (!record) return null;
  if (record.fingerprint !== fingerprint) {
    throw new IdvError('idv_session_idempotency_conflict', 'idempotency_key was already used for a different session request');
  }
  const row = await findSession(deps.db, scope, record.resourceId);
  // The original session is gone (retention): the key stays spent.
  if (!row) throw new IdvError('idv_session_idempotency_conflict', 'idempotency_key was used by a session that no longer exists');
  return { session: toManagementSession(row), sessionToken: '', tokenExpiresAt: row.tokenExpiresAt.toISOString(), replayed: true };
}

export function sealContext(sessionId: string, field: string): string {
  return `idv.session:${sessionId}:${field}`;
}

/** Decrypts a sealed column of a session (internal use only; never projected). */
export function openSealed<T>(
  deps: Pick<IdvDeps, 'keyProvider'>,
  row: SessionRow,
  field: 'subject_reference' | 'results' | 'answers',
): T | null {
  const sealed =
    field === 'subject_reference'
      ? subjectReferenceColumn.read(row.subjectReference)
      : field === 'results'
        ? resultsColumn.read(row.results)
        : answersColumn.read(row.answers);
  return sealed ? open<T>(deps.keyProvider, sealed, sealContext(row.id, field)) : null;
}

export async function getSession(db: Db, principal: Principal, id: string): Promise<SessionRow | null> {
  const scope = requireManagement(principal);
  return readSession(db, scope, id);
}

/** A page of the sessions list; `parts`: the columns its rows carry (session-store.ts SessionParts). */
export async function listSessionPage<Parts extends SessionParts>(
  db: Db,
  principal: Principal,
  read: { parts: Parts; withCount: boolean },
  args: {
    profileId?: string | null;
    statuses?: readonly string[] | null;
    reviewStatuses?: readonly string[] | null;
    limit?: number | null;
    cursor?: string | null;
  },
) {
  const scope = requireManagement(principal);
  if (
    args.profileId !== undefined &&
    args.profileId !== null &&
    (args.profileId.length > 128 || !PROFILE_ID_PATTERN.test(args.profileId))
  ) {
    throw new IdvError('idv_profile_id_invalid', 'profile_id must be 1 to 128 characters matching ^[A-Za-z0-9._:-]+$', {
      field: 'query.profile_id',
    });
  }
  const unknownFlow = args.statuses?.find((status) => !isFlowStatus(status));
  if (unknownFlow) throw new IdvError('schema_validation_failed', `statuses: unknown status ${unknownFlow}`, { field: 'statuses' });
  const unknownReview = args.reviewStatuses?.find((status) => !isReviewStatus(status));
  if (unknownReview)
    throw new IdvError('schema_validation_failed', `reviewStatuses: unknown review status ${unknownReview}`, { field: 'reviewStatuses' });
  const filter = {
    profileId: args.profileId || undefined,
    statuses: args.statuses?.length ? [...args.statuses] : undefined,
    reviewStatuses: args.reviewStatuses?.length ? [...args.reviewStatuses] : undefined,
  };
  const take = pageSize(args.limit, SESSION_PAGE_DEFAULT, SESSION_PAGE_MAX);
  const { rows, total } = await listSessions(
    db,
    scope,
    { ...filter, after: decodeCursor(args.cursor), take: take + 1 },
    read.parts,
    read.withCount,
  );
  const page = rows.slice(0, take);
  const hasMore = rows.length > take;
  const last = page[page.length - 1];
  return {
    items: page,
    hasMore,
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    // Counted only when a caller asks for the total (GraphQL's totalCount), under the same filters: by
    // the page's statement when the operation selects it, else (or for an empty page) on its own.
    count: () => (total !== undefined ? Promise.resolve(total) : countSessions(db, scope, filter)),
  };
}

/** The reviewer queue: sessions whose review is open (requires_review, escalation by default),
 * oldest first, optionally for one assignee (assignedToMe: the signed-in dashboard user) or only
 * the unassigned ones, for some workflows, or with some failing reason codes (any of them). */
export async function listReviewQueuePage<Parts extends SessionParts>(
  db: Db,
  principal: Principal,
  read: { parts: Parts; withCount: boolean },
  args: {
    reviewStatuses?: string[] | null;
    assignee?: string | null;
    unassigned?: boolean | null;
    assignedToMe?: boolean | null;
    workflowIds?: string[] | null;
    reasonCodes?: string[] | null;
    limit?: number | null;
    cursor?: string | null;
  },
) {
  const scope = requireManagement(principal);
  const statuses = args.reviewStatuses?.length ? args.reviewStatuses : [...OPEN_REVIEW];
  const unknown = statuses.filter((status) => !isReviewStatus(status));
  if (unknown.length)
    throw new IdvError('schema_validation_failed', `reviewStatuses: unknown review status ${unknown[0]}`, { field: 'reviewStatuses' });
  if ([Boolean(args.assignee), Boolean(args.unassigned), Boolean(args.assignedToMe)].filter(Boolean).length > 1)
    throw new IdvError('schema_validation_failed', 'assignee, assignedToMe and unassigned are mutually exclusive', { field: 'unassigned' });
  if (args.assignedToMe && principal.kind !== 'dashboard_user')
    throw new IdvError('schema_validation_failed', 'assignedToMe: only a signed-in dashboard user has assignments', {
      field: 'assignedToMe',
    });
  const take = pageSize(args.limit, SESSION_PAGE_DEFAULT, SESSION_PAGE_MAX);
  const assignee = args.unassigned ? null : args.assignedToMe ? principal.actorId : (args.assignee ?? undefined);
  const filter = {
    reviewStatuses: statuses,
    assignee,
    workflowIds: args.workflowIds?.length ? args.workflowIds : undefined,
    reasonCodes: args.reasonCodes?.length ? args.reasonCodes : undefined,
  };
  const { rows, total } = await listReviewQueue(
    db,
    scope,
    { ...filter, after: decodeCursor(args.cursor), take: take + 1 },
    read.parts,
    read.withCount,
  );
  const page = rows.slice(0, take);
  const hasMore = rows.length > take;
  const last = page[page.length - 1];
  // The cursor carries only the sort key (created_at, id) of the page's last session.
  return {
    items: page,
    hasMore,
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    count: () => (total !== undefined ? Promise.resolve(total) : countReviewQueue(db, scope, filter)),
  };
}
