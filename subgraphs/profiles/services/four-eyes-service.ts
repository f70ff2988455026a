// Four eyes through GraphQL (docs/audit.md, "Four-eyes"): the policy, the queue and the decisions on
// proposals. The rules are platform/four-eyes; an approval goes to the domain owning the decided
// object (IDV, screening, risk), which checks and applies it in that object's transaction, with
// the approver's principal: this service only routes it and answers the proposal as it stands after.
import type { VigilConfig } from '../../../platform/config';
import { isErrorCode } from '../../../platform/errors/codes';
import {
  countPendingProposals,
  FourEyesError,
  FourEyesKind,
  FourEyesPolicyInput,
  pageProposals,
  ProposalFilter,
  ProposalRow,
  readFourEyesPolicy,
  readProposal,
  rejectProposal,
  RelayedDecisionError,
  requireDecisionNote,
  statusOf,
  updateFourEyesPolicy,
} from '../../../platform/four-eyes/four-eyes';
import { offsetConnection, pageSize, readOffsetCursor } from '../../../platform/graphql/paging';
import { Principal, PRINCIPAL_HEADER, REQUEST_ID_HEADER, signPrincipal } from '../../../platform/principal/principal';
import { roleAtLeast } from '../../../platform/principal/roles';
import type { Db, Scope } from '../../../platform/db/prisma';

/** Applies an approval in the domain that owns the proposal's object. */
export type ProposalApplier = (principal: Principal, proposal: ProposalRow, note: string, requestId?: string) => Promise<void>;

const APPLY_FIELDS: Record<FourEyesKind, { subgraph: 'idv' | 'screening' | 'risk'; field: string }> = {
  IDV_REVIEW_DECISION: { subgraph: 'idv', field: 'applyIdvFourEyesProposal' },
  MATCH_REVIEW: { subgraph: 'screening', field: 'applyScreeningFourEyesProposal' },
  MATCH_CLEARANCE: { subgraph: 'screening', field: 'applyScreeningFourEyesProposal' },
  SCREENING_SETTINGS: { subgraph: 'screening', field: 'applyScreeningFourEyesProposal' },
  RISK_CONCLUSION: { subgraph: 'risk', field: 'applyRiskFourEyesProposal' },
};

/** The appliers as calls to the domains' internal (@inaccessible) apply fields, signed with the
 * approver's own principal, so the domain checks and audits the approver. A domain's refusal comes
 * back with its code (four_eyes_self_approval, four_eyes_proposal_stale, ...). */
export function subgraphProposalApplier(config: VigilConfig): ProposalApplier {
  return async (principal, proposal, note, requestId) => {
    const target = APPLY_FIELDS[proposal.kind as FourEyesKind];
    if (!target) throw new FourEyesError('four_eyes_proposal_not_found', 'No such four-eyes proposal in this workspace');
    let body: { data?: unknown; errors?: { message: string; extensions?: { code?: unknown } }[] };
    try {
      const response = await fetch(config.subgraphUrls[target.subgraph], {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PRINCIPAL_HEADER]: signPrincipal(principal, config.internalSecret),
          ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
        },
        body: JSON.stringify({
          query: `mutation($id: ID!, $note: String!) { ${target.field}(id: $id, input: { note: $note }) }`,
          variables: { id: proposal.id, note },
        }),
        signal: AbortSignal.timeout(30_000),
      });
      body = (await response.json()) as typeof body;
    } catch {
      throw new RelayedDecisionError('service_unavailable', `The ${target.subgraph} service is unavailable; the proposal was not applied`);
    }
    const error = body.errors?.[0];
    if (!error) return;
    const code = error.extensions?.code;
    if (isErrorCode(code)) throw new RelayedDecisionError(code, error.message);
    throw new RelayedDecisionError('service_unavailable', `The ${target.subgraph} service could not apply the proposal`);
  };
}

export function readPolicy(db: Db, scope: Scope) {
  return readFourEyesPolicy(db, scope);
}

export function changePolicy(db: Db, principal: Principal, input: FourEyesPolicyInput, requestId?: string) {
  return updateFourEyesPolicy(db, principal, input, requestId);
}

export async function listProposals(
  db: Db,
  scope: Scope,
  args: { filter?: ProposalFilter | null; first?: number | null; after?: string | null },
) {
  const size = pageSize(args.first, 20, 100);
  const offset = readOffsetCursor(args.after);
  if (offset === undefined) throw new FourEyesError('schema_validation_failed', 'after: not a cursor of this list', { field: 'after' });
  const { rows, total } = await pageProposals(db, scope, args.filter ?? {}, new Date(), offset, size);
  return offsetConnection(rows, offset, size, total);
}

export function findProposal(db: Db, scope: Scope, id: string) {
  return readProposal(db, scope, id);
}

/** Approves through the owning domain, then answers the proposal as stored after it. */
export async function approve(
  db: Db,
  apply: ProposalApplier | undefined,
  principal: Principal,
  id: string,
  note: string,
  requestId?: string,
) {
  requireDecisionNote(note);
  if (!apply) throw new RelayedDecisionError('service_unavailable', 'Four-eyes approvals are not available in this process');
  const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const proposal = await readProposal(db, scope, id);
  if (!proposal) throw new FourEyesError('four_eyes_proposal_not_found', 'No such four-eyes proposal in this workspace');
  await apply(principal, proposal, note, requestId);
  return (await readProposal(db, scope, id))!;
}

export function reject(db: Db, principal: Principal, id: string, note: string, requestId?: string) {
  return rejectProposal(db, principal, id, note, new Date(), requestId);
}

export function countPending(db: Db, scope: Scope) {
  return countPendingProposals(db, scope, new Date());
}

/** ScreeningFeed values a settings proposal's feed set may hold (the enum's spelling). */
const DECISION_FEEDS = [
  'Sanctions',
  'PEP',
  'Criminal',
  'Legal',
  'Offshore',
  'Ownership',
  'Registries',
  'Social_Media',
  'News',
  'Open_Source',
] as const;

/** What a proposal would do, as the GraphQL FourEyesDecision shows it (the fields of its kind). */
export function decisionView(row: ProposalRow) {
  const decision = (row.decision ?? {}) as Record<string, unknown>;
  const oneOf = <T extends string>(values: readonly T[], value: unknown): T | null =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : null;
  const flag = (value: unknown) => (typeof value === 'boolean' ? value : null);
  return {
    reviewStatus: row.kind === 'IDV_REVIEW_DECISION' ? oneOf(['escalation', 'accepted', 'rejected'] as const, decision.status) : null,
    matchReviewStatus: oneOf(['unresolved', 'true_positive', 'false_positive'] as const, decision.review_status),
    conclusion: oneOf(['approved', 'rejected'] as const, decision.decision),
    enabled: flag(decision.enabled),
    directApiChannel: flag(decision.directApi),
    mode: oneOf(['full_auto', 'hint'] as const, decision.mode),
    confidenceThreshold: typeof decision.threshold === 'number' ? decision.threshold : null,
    searchThreshold: typeof decision.searchThreshold === 'number' ? decision.searchThreshold : null,
    searchThresholdReset: 'searchThreshold' in decision ? decision.searchThreshold === null : null,
    // Stored as the engine spells feeds ("Social Media"); the enum writes Social_Media; none is every feed.
    searchFeeds: Array.isArray(decision.searchFeeds)
      ? decision.searchFeeds.length
        ? decision.searchFeeds.flatMap((feed) => oneOf(DECISION_FEEDS, typeof feed === 'string' ? feed.replace(/ /g, '_') : null) ?? [])
        : ['all' as const]
      : null,
  };
}

const OBJECT_TYPES = {
  'idv.session': 'idv_session',
  'screening.match': 'screening_match',
  'risk.assessment': 'risk_assessment',
  'screening.settings': 'screening_settings',
} as const;

/** The GraphQL object type of a proposal's (audit) object type. */
export function objectTypeOf(row: ProposalRow): (typeof OBJECT_TYPES)[keyof typeof OBJECT_TYPES] {
  return OBJECT_TYPES[row.objectType as keyof typeof OBJECT_TYPES];
}

export function proposalStatus(row: ProposalRow) {
  return statusOf(row, new Date());
}

/** True when the caller may approve the proposal now (what the console shows). */
export function mayApprove(row: ProposalRow, principal: Principal): boolean {
  return (
    proposalStatus(row) === 'pending' &&
    principal.kind === 'dashboard_user' &&
    principal.role !== undefined &&
    roleAtLeast(principal.role, 'reviewer') &&
    principal.actorId !== row.proposedBy
  );
}
