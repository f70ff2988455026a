// Four-eyes (maker-checker) decisions (docs/audit.md, "Four-eyes"). A workspace names the kinds of
// decision that need two people; a dashboard user's decision of such a kind becomes a proposal, and a
// second reviewer (or admin) approves or rejects it. The domains own their decisions: each domain's
// service asks `fourEyesRoute` whether to apply or propose, pins the state of the object it decides
// on (a fingerprint) in the proposal, and on approval re-reads the object under its own lock and
// calls `approveLockedProposal` in the same transaction as the decision, so a decision is applied at
// most once and only to the state the proposer saw. This module holds the rules that are the same
// for every kind; its data is platform.four_eyes_* (data/four-eyes-store.ts).
import crypto from 'node:crypto';
import { appendAudit, auditActorOf } from '../audit/audit-trail';
import type { Db, DbClient, Scope } from '../db/prisma';
import { UniqueViolation } from '../db/unique-violation';
import { DomainError } from '../errors/domain-error';
import { newId } from '../ids/new-id';
import type { Principal } from '../principal/principal';
import { roleAtLeast } from '../principal/roles';
import {
  countProposals,
  pendingProposalAges,
  findDueProposals,
  findPendingProposal,
  findPolicy,
  findProposal,
  findProposalsByIds,
  insertProposal,
  listProposals,
  lockProposal,
  PolicyRow,
  ProposalFilter,
  ProposalRow,
  savePolicy,
  settleProposal,
  countPendingProposalRows,
  findPendingProposals,
} from './data/four-eyes-store';

export type { ProposalRow, ProposalFilter } from './data/four-eyes-store';

/** The kinds of decision a workspace may put under four eyes (the GraphQL enum FourEyesKind). */
export const FOUR_EYES_KINDS = ['IDV_REVIEW_DECISION', 'MATCH_REVIEW', 'MATCH_CLEARANCE', 'RISK_CONCLUSION', 'SCREENING_SETTINGS'] as const;
export type FourEyesKind = (typeof FOUR_EYES_KINDS)[number];

export const FOUR_EYES_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type FourEyesStatus = (typeof FOUR_EYES_STATUSES)[number];

export const DEFAULT_PROPOSAL_EXPIRY_HOURS = 72;
/** At most 30 days: a proposal older than that is no longer a fresh second look. */
export const MAX_PROPOSAL_EXPIRY_HOURS = 720;
const MAX_NOTE = 5000;

export class FourEyesError extends DomainError<
  | 'four_eyes_proposal_not_found'
  | 'four_eyes_self_approval'
  | 'four_eyes_proposal_stale'
  | 'four_eyes_proposal_expired'
  | 'four_eyes_proposal_decided'
  | 'four_eyes_proposal_pending'
  | 'four_eyes_application_key_refused'
  | 'forbidden'
  | 'schema_validation_failed'
> {}

export interface FourEyesPolicy {
  kinds: FourEyesKind[];
  proposalExpiryHours: number;
  refuseApplicationDecisions: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
}

const OFF: FourEyesPolicy = {
  kinds: [],
  proposalExpiryHours: DEFAULT_PROPOSAL_EXPIRY_HOURS,
  refuseApplicationDecisions: false,
  updatedAt: null,
  updatedBy: null,
};

function policyOf(row: PolicyRow | null): FourEyesPolicy {
  if (!row) return OFF;
  return {
    // A stored kind this version does not know covers nothing.
    kinds: FOUR_EYES_KINDS.filter((kind) => row.kinds.includes(kind)),
    proposalExpiryHours: row.proposalExpiryHours,
    refuseApplicationDecisions: row.refuseApplicationDecisions,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

export async function readFourEyesPolicy(db: DbClient, scope: Scope): Promise<FourEyesPolicy> {
  return policyOf(await findPolicy(db, scope));
}

export interface FourEyesPolicyInput {
  kinds: readonly FourEyesKind[];
  proposalExpiryHours?: number | null;
  refuseApplicationDecisions?: boolean | null;
}

/** Sets the workspace's policy (admins: the role policy says so) and audits the change. */
export async function updateFourEyesPolicy(
  db: Db,
  principal: Principal,
  input: FourEyesPolicyInput,
  requestId?: string,
): Promise<FourEyesPolicy> {
  const hours = input.proposalExpiryHours ?? DEFAULT_PROPOSAL_EXPIRY_HOURS;
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_PROPOSAL_EXPIRY_HOURS)
    throw new FourEyesError('schema_validation_failed', `input.proposalExpiryHours: 1 to ${MAX_PROPOSAL_EXPIRY_HOURS} hours`, {
      field: 'input.proposalExpiryHours',
    });
  const kinds = FOUR_EYES_KINDS.filter((kind) => input.kinds.includes(kind));
  const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  return db.$transaction(async (tx) => {
    const before = policyOf(await findPolicy(tx, scope));
    const saved = policyOf(
      await savePolicy(tx, scope, {
        kinds,
        proposalExpiryHours: hours,
        refuseApplicationDecisions: input.refuseApplicationDecisions ?? false,
        updatedBy: principal.actorId,
      }),
    );
    await appendAudit(tx, {
      ...scope,
      ...auditActorOf(principal),
      action: 'four_eyes.policy.update',
      resourceType: 'four_eyes.policy',
      resourceId: scope.workspaceId,
      outcome: 'succeeded',
      requestId,
      detail: {
        from: {
          kinds: before.kinds,
          proposal_expiry_hours: before.proposalExpiryHours,
          refuse_application_decisions: before.refuseApplicationDecisions,
        },
        to: {
          kinds: saved.kinds,
          proposal_expiry_hours: saved.proposalExpiryHours,
          refuse_application_decisions: saved.refuseApplicationDecisions,
        },
      },
    });
    return saved;
  });
}

/** What a decision does for its caller: apply now, or become a proposal of `kind`. */
export type FourEyesRoute = { action: 'apply' } | { action: 'propose'; kind: FourEyesKind };

/**
 * What a decision of one of `kinds` (the first covered one names the proposal) does for this
 * caller. Dashboard users propose when the workspace covers the kind; applications (API keys:
 * automation, not a person) apply, audited as the application, unless the workspace refuses their
 * decisions of covered kinds (403 four_eyes_application_key_refused). Services apply.
 */
export async function fourEyesRoute(db: DbClient, principal: Principal, kinds: readonly FourEyesKind[]): Promise<FourEyesRoute> {
  const policy = await readFourEyesPolicy(db, principal);
  const kind = kinds.find((candidate) => policy.kinds.includes(candidate));
  if (!kind) return { action: 'apply' };
  if (principal.kind === 'dashboard_user') return { action: 'propose', kind };
  if (principal.kind === 'application' && policy.refuseApplicationDecisions)
    throw new FourEyesError(
      'four_eyes_application_key_refused',
      `This workspace requires two people for ${kind} decisions: make them in the console (application keys may not)`,
    );
  return { action: 'apply' };
}

/** A stable hash of the state a decision is taken on (the domain says which fields count). */
export function fingerprintOf(state: unknown): string {
  return crypto.createHash('sha256').update(stableJson(state)).digest('hex');
}

function stableJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Checks a required decision note (1 to 5000 characters, not only blanks). */
export function requireDecisionNote(note: string | null | undefined, field = 'input.note'): string {
  if (typeof note !== 'string' || note.trim().length === 0 || note.length > MAX_NOTE)
    throw new FourEyesError('schema_validation_failed', `${field}: a note of 1 to ${MAX_NOTE} characters (not only blanks) is required`, {
      field,
    });
  return note;
}

export interface ProposalRequest {
  kind: FourEyesKind;
  /** The audit object type of the decided object (`idv.session`, `screening.match`, ...). */
  objectType: string;
  objectId: string;
  profileId?: string | null;
  /** The decision as the domain's applier reads it back (no personal data: the note goes apart). */
  decision: Record<string, unknown>;
  note?: string | null;
  /** fingerprintOf the state the proposer decided on. */
  fingerprint: string;
}

function auditDetail(row: ProposalRow, extra: Record<string, unknown> = {}) {
  return { proposal_id: row.id, kind: row.kind, object_type: row.objectType, object_id: row.objectId, ...extra };
}

/**
 * Records a proposal in the caller's transaction (the domain holds the object's lock and has
 * checked the decision is admissible now). Pending proposals of the object whose time ran out are
 * marked expired first; a proposal still waiting for the same object and kind is 409
 * four_eyes_proposal_pending.
 */
export async function proposeDecision(
  tx: DbClient,
  principal: Principal,
  request: ProposalRequest,
  now: Date,
  requestId?: string,
): Promise<ProposalRow> {
  const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  await expireDue(tx, scope, request.objectType, request.objectId, now, requestId);
  // The domain holds the object's lock, so this check and the insert see the same state; the
  // unique index (one pending proposal per object) backs it up.
  const pending = await findPendingProposal(tx, scope, request.objectType, request.objectId, now);
  if (pending) throw pendingError(pending.id);
  const policy = await readFourEyesPolicy(tx, scope);
  let row: ProposalRow;
  try {
    row = await insertProposal(tx, scope, {
      id: newId('fep'),
      kind: request.kind,
      objectType: request.objectType,
      objectId: request.objectId,
      profileId: request.profileId ?? null,
      decision: request.decision,
      note: request.note ?? null,
      fingerprint: request.fingerprint,
      proposedBy: principal.actorId,
      proposedAt: now,
      expiresAt: new Date(now.getTime() + policy.proposalExpiryHours * 3_600_000),
    });
  } catch (error) {
    if (error instanceof UniqueViolation) throw pendingError(null);
    throw error;
  }
  await appendAudit(tx, {
    ...scope,
    ...auditActorOf(principal),
    profileId: row.profileId,
    action: 'four_eyes.proposal.create',
    resourceType: 'four_eyes.proposal',
    resourceId: row.id,
    outcome: 'succeeded',
    requestId,
    detail: auditDetail(row, { decision: request.decision, expires_at: row.expiresAt.toISOString() }),
    personal: request.note ? { note: request.note } : null,
  });
  return row;
}

function pendingError(proposalId: string | null): FourEyesError {
  return new FourEyesError('four_eyes_proposal_pending', 'A proposal for this object is already waiting for approval', { proposalId });
}

async function expireDue(tx: DbClient, scope: Scope, objectType: string, objectId: string, now: Date, requestId?: string): Promise<void> {
  for (const due of await findDueProposals(tx, scope, objectType, objectId, now)) await expireProposal(tx, scope, due, now, requestId);
}

async function expireProposal(db: DbClient, scope: Scope, row: ProposalRow, now: Date, requestId?: string): Promise<void> {
  if (!(await settleProposal(db, scope, row.id, { status: 'expired', decidedBy: null, decidedAt: now, decisionNote: null }))) return;
  await appendAudit(db, {
    ...scope,
    actorKind: 'service',
    actorId: 'four-eyes',
    profileId: row.profileId,
    action: 'four_eyes.proposal.expire',
    resourceType: 'four_eyes.proposal',
    resourceId: row.id,
    outcome: 'succeeded',
    requestId,
    detail: auditDetail(row, { expires_at: row.expiresAt.toISOString() }),
  });
}

/** A proposal's status as of `now` (a pending proposal past its expiry reads as expired). */
export function statusOf(row: ProposalRow, now: Date): FourEyesStatus {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return (FOUR_EYES_STATUSES as readonly string[]).includes(row.status) ? (row.status as FourEyesStatus) : 'expired';
}

function requireDecider(principal: Principal): Scope {
  // Proposals are decided by people: a dashboard user of role reviewer or admin (the role policy
  // refuses lower roles before this runs; applications and services never decide them).
  if (principal.kind !== 'dashboard_user' || !principal.role || !roleAtLeast(principal.role, 'reviewer'))
    throw new FourEyesError('forbidden', 'Only a dashboard user of role reviewer or admin decides a four-eyes proposal');
  return { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
}

function notFound(): FourEyesError {
  return new FourEyesError('four_eyes_proposal_not_found', 'No such four-eyes proposal in this workspace');
}

/**
 * The proposal an approval or rejection is about, read before the domain takes its locks: 404 for
 * an absent proposal (or one of another kind than `kinds`), 409 for a decided one; an expired one is
 * marked expired (and audited) in a transaction of its own, then refused with 409.
 */
export async function proposalForDecision(
  db: Db,
  principal: Principal,
  id: string,
  now: Date,
  kinds?: readonly FourEyesKind[],
  requestId?: string,
): Promise<ProposalRow> {
  const scope = requireDecider(principal);
  const row = await findProposal(db, scope, id);
  if (!row || (kinds && !(kinds as readonly string[]).includes(row.kind))) throw notFound();
  if (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) await markExpired(db, principal, id, now, requestId);
  refuseUndecidable(row, now);
  return row;
}

function refuseUndecidable(row: ProposalRow, now: Date): void {
  if (row.status === 'expired' || (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()))
    throw new FourEyesError(
      'four_eyes_proposal_expired',
      `The proposal expired at ${row.expiresAt.toISOString()}; propose the decision again`,
    );
  if (row.status !== 'pending') throw new FourEyesError('four_eyes_proposal_decided', `The proposal was ${row.status} already`);
}

/** Marks an expired proposal expired with its audit entry (the refusal of its approval, which rolls
 * its own transaction back, would lose the mark). */
export async function markExpired(db: Db, principal: Principal, id: string, now: Date, requestId?: string): Promise<void> {
  const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  await db.$transaction(async (tx) => {
    const row = await lockProposal(tx, scope, id);
    if (row && row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) await expireProposal(tx, scope, row, now, requestId);
  });
}

/**
 * The approval, in the domain's transaction while it holds the object's lock: locks the proposal,
 * refuses a decided (409) or expired (409) proposal, the proposer's own approval (403
 * four_eyes_self_approval) and an object whose state differs from the one the proposal pinned (409
 * four_eyes_proposal_stale), then marks it approved and audits the approval. The domain applies the
 * decision in the same transaction; any refusal rolls everything back, so the object is unchanged.
 */
export async function approveLockedProposal(
  tx: DbClient,
  principal: Principal,
  id: string,
  input: { note: string; currentFingerprint: string; now: Date; requestId?: string },
): Promise<ProposalRow> {
  const scope = requireDecider(principal);
  const note = requireDecisionNote(input.note);
  const row = await lockProposal(tx, scope, id);
  if (!row) throw notFound();
  refuseUndecidable(row, input.now);
  if (row.proposedBy === principal.actorId)
    throw new FourEyesError('four_eyes_self_approval', 'A proposal needs a second person: its proposer cannot approve it');
  if (row.fingerprint !== input.currentFingerprint)
    throw new FourEyesError('four_eyes_proposal_stale', 'The object changed after the proposal was made; review it again and propose anew');
  await settleProposal(tx, scope, id, { status: 'approved', decidedBy: principal.actorId, decidedAt: input.now, decisionNote: note });
  await appendAudit(tx, {
    ...scope,
    ...auditActorOf(principal),
    profileId: row.profileId,
    action: 'four_eyes.proposal.approve',
    resourceType: 'four_eyes.proposal',
    resourceId: row.id,
    outcome: 'succeeded',
    requestId: input.requestId,
    detail: auditDetail(row, { proposed_by: row.proposedBy }),
    personal: { note },
  });
  return { ...row, status: 'approved', decidedBy: principal.actorId, decidedAt: input.now, decisionNote: note };
}

/** Rejects a pending proposal (a reviewer or admin; the proposer may withdraw their own this way).
 * Nothing of the decision is applied. */
export async function rejectProposal(
  db: Db,
  principal: Principal,
  id: string,
  noteInput: string,
  now: Date,
  requestId?: string,
): Promise<ProposalRow> {
  const scope = requireDecider(principal);
  const note = requireDecisionNote(noteInput);
  try {
    return await db.$transaction(async (tx) => {
      const row = await lockProposal(tx, scope, id);
      if (!row) throw notFound();
      refuseUndecidable(row, now);
      await settleProposal(tx, scope, id, { status: 'rejected', decidedBy: principal.actorId, decidedAt: now, decisionNote: note });
      await appendAudit(tx, {
        ...scope,
        ...auditActorOf(principal),
        profileId: row.profileId,
        action: 'four_eyes.proposal.reject',
        resourceType: 'four_eyes.proposal',
        resourceId: row.id,
        outcome: 'succeeded',
        requestId,
        detail: auditDetail(row, { proposed_by: row.proposedBy }),
        personal: { note },
      });
      return { ...row, status: 'rejected', decidedBy: principal.actorId, decidedAt: now, decisionNote: note };
    });
  } catch (error) {
    if (error instanceof FourEyesError && error.code === 'four_eyes_proposal_expired') await markExpired(db, principal, id, now, requestId);
    throw error;
  }
}

export async function readProposal(db: DbClient, scope: Scope, id: string): Promise<ProposalRow | null> {
  return findProposal(db, scope, id);
}

export async function readProposals(db: DbClient, scope: Scope, ids: readonly string[]): Promise<ProposalRow[]> {
  return findProposalsByIds(db, scope, ids);
}

/** The pending proposal of an object (what its `fourEyesProposal` field shows), if any. */
export async function pendingProposalOf(
  db: DbClient,
  scope: Scope,
  objectType: string,
  objectId: string,
  now: Date,
): Promise<ProposalRow | null> {
  return findPendingProposal(db, scope, objectType, objectId, now);
}

/** The pending proposals of several objects of one type, by object id (a page of matches, batched
 * by a per-request loader instead of one query per object). */
export async function pendingProposalsOf(
  db: DbClient,
  scope: Scope,
  objectType: string,
  objectIds: readonly string[],
  now: Date,
): Promise<Map<string, ProposalRow>> {
  const rows = await findPendingProposals(db, scope, objectType, objectIds, now);
  return new Map(rows.map((row) => [row.objectId, row]));
}

export async function pageProposals(db: DbClient, scope: Scope, filter: ProposalFilter, now: Date, offset: number, limit: number) {
  const [rows, total] = await Promise.all([listProposals(db, scope, filter, now, offset, limit), countProposals(db, scope, filter, now)]);
  return { rows, total };
}

export async function countPendingProposals(db: Db, scope: Scope, now: Date): Promise<number> {
  return countPendingProposalRows(db, scope, now);
}

/** The age of the proposals waiting for a second person (the console's analytics page). */
export async function pendingProposalQueueAge(db: Db, scope: Scope, now: Date) {
  const row = await pendingProposalAges(db, scope, now);
  return {
    waiting: row.waiting,
    oldestSeconds: row.waiting === 0 ? null : Math.max(0, row.oldest_seconds ?? 0),
    medianSeconds: row.waiting === 0 ? null : Math.max(0, row.median_seconds ?? 0),
  };
}

/** An error the applying domain answered, relayed to the approver with its own code and status (an
 * approval routed through the profiles subgraph must refuse as the domain refused). */
export class RelayedDecisionError extends DomainError {}
