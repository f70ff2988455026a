// A four-eyes proposal in words (kind, object, the decision it would make, who proposed it, when it
// expires) and its second person's approve / reject form: a note is required, and the form says why
// it is closed when the API says the viewer may not approve (their own proposal, their role). The
// API's refusals (stale, expired, decided, self-approval) are shown in words.
import { FormEvent, ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { ApiRequestError } from '../api/csrf';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import {
  ApproveFourEyesProposalDocument,
  FourEyesProposalFieldsFragment,
  RejectFourEyesProposalDocument,
  WorkspaceReviewersDocument,
} from '../graphql/generated';
import type { MessageKey } from '../i18n/en';
import { Translate, useI18n } from '../i18n/i18n';
import { words } from './words';

export type Proposal = FourEyesProposalFieldsFragment;

/** Queries that show proposals or what they decide (refetched after an approval or rejection). */
export const FOUR_EYES_QUERIES = [
  'FourEyesProposals',
  'FourEyesProposal',
  'SessionFourEyes',
  'HomeOverview',
  'ReviewCase',
  'ReviewQueue',
  'Sessions',
];

const TONE: Record<Proposal['status'], string> = { pending: 'info', approved: 'good', rejected: 'bad', expired: 'neutral' };

export function ProposalStatusBadge({ status }: { status: Proposal['status'] }) {
  const { t } = useI18n();
  return <span className={`badge badge-${TONE[status]}`}>{t(`fourEyes.status.${status}`)}</span>;
}

/** What the proposal would do, in words. */
export function decisionText(t: Translate, proposal: Proposal): string {
  const decision = proposal.decision;
  if (decision.reviewStatus) return words(t, 'status', decision.reviewStatus);
  if (decision.matchReviewStatus) return words(t, 'status', decision.matchReviewStatus);
  if (decision.conclusion) return t(`fourEyes.conclusion.${decision.conclusion}`);
  const onOff = (value: boolean) => (value ? t('settings.on') : t('settings.off'));
  const parts: string[] = [];
  if (decision.enabled !== null && decision.enabled !== undefined) parts.push(`${t('settings.enabled')}: ${onOff(decision.enabled)}`);
  if (decision.directApiChannel !== null && decision.directApiChannel !== undefined)
    parts.push(`${t('settings.directApi')}: ${onOff(decision.directApiChannel)}`);
  if (decision.mode) parts.push(`${t('settings.mode')}: ${t(`settings.mode.${decision.mode}`)}`);
  if (decision.confidenceThreshold !== null && decision.confidenceThreshold !== undefined)
    parts.push(`${t('settings.threshold')}: ${Math.round(decision.confidenceThreshold * 1000) / 10} %`);
  return parts.join(' · ') || '—';
}

/** The decided object, linked to its console page when it has one. */
export function ProposalObject({ proposal }: { proposal: Proposal }) {
  const { t } = useI18n();
  const type = t(`fourEyes.object.${proposal.objectType}`);
  const href =
    proposal.objectType === 'idv_session'
      ? `/sessions/${proposal.objectId}`
      : proposal.objectType === 'screening_settings'
        ? '/screening/settings'
        : undefined;
  return (
    <span className="proposal-object">
      {href ? (
        <Link href={href}>
          {type} <span className="mono small">{proposal.objectType === 'screening_settings' ? '' : proposal.objectId}</span>
        </Link>
      ) : (
        <>
          {type} <span className="mono small">{proposal.objectId}</span>
        </>
      )}
      {/* A match or an assessment has no page of its own: its profile does. */}
      {!href && proposal.profileId && (
        <>
          {' · '}
          <Link href={`/profiles/${proposal.profileId}`}>{t('fourEyes.openProfile')}</Link>
        </>
      )}
    </span>
  );
}

/** Who a dashboard user is: "you", a reviewer's name when the viewer may read the list, else the id. */
export function usePersonName(): (id: string | null | undefined) => string {
  const { t } = useI18n();
  const session = useConsoleSession().data;
  const reviewers = useGraphQLQuery(WorkspaceReviewersDocument, {}, { enabled: roleAtLeast(session?.role, 'reviewer'), staleTime: 60_000 });
  return (id) => {
    if (!id) return '—';
    if (id === session?.user.id) return t('fourEyes.you');
    return reviewers.data?.workspaceReviewers.find((entry) => entry.id === id)?.name ?? id;
  };
}

export function ProposalFields({ proposal, withObject = true }: { proposal: Proposal; withObject?: boolean }) {
  const { t, formatDate } = useI18n();
  const nameOf = usePersonName();
  return (
    <dl className="fields" data-testid="proposal-fields">
      <Row label={t('fourEyes.status')}>
        <ProposalStatusBadge status={proposal.status} />
      </Row>
      <Row label={t('fourEyes.kind')}>{t(`fourEyes.kind.${proposal.kind}`)}</Row>
      {withObject && (
        <Row label={t('fourEyes.object')}>
          <ProposalObject proposal={proposal} />
        </Row>
      )}
      <Row label={t('fourEyes.decision')}>
        <strong>{decisionText(t, proposal)}</strong>
      </Row>
      <Row label={t('fourEyes.proposedBy')}>
        {nameOf(proposal.proposedBy)} · <time dateTime={proposal.proposedAt}>{formatDate(proposal.proposedAt)}</time>
      </Row>
      {proposal.note && <Row label={t('fourEyes.note')}>{proposal.note}</Row>}
      {proposal.status === 'pending' ? (
        <Row label={t('fourEyes.expires')}>
          <time dateTime={proposal.expiresAt}>{formatDate(proposal.expiresAt)}</time>
        </Row>
      ) : (
        <>
          <Row label={t('fourEyes.decidedBy')}>
            {nameOf(proposal.decidedBy)}
            {proposal.decidedAt && (
              <>
                {' · '}
                <time dateTime={proposal.decidedAt}>{formatDate(proposal.decidedAt)}</time>
              </>
            )}
          </Row>
          {proposal.decisionNote && <Row label={t('fourEyes.decisionNote')}>{proposal.decisionNote}</Row>}
        </>
      )}
    </dl>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const REFUSALS = [
  'four_eyes_self_approval',
  'four_eyes_proposal_stale',
  'four_eyes_proposal_expired',
  'four_eyes_proposal_decided',
  'four_eyes_proposal_not_found',
  'insufficient_role',
] as const;

/** An API refusal in words (the catalogue's sentence for the four-eyes codes, else the API's message). */
export function refusalText(t: Translate, error: Error): string {
  const code = error instanceof ApiRequestError ? error.code : '';
  return (REFUSALS as readonly string[]).includes(code) ? t(`fourEyes.refusal.${code}` as MessageKey) : error.message;
}

/** Approve or reject with a note; closed with the reason when the viewer may not approve. */
export function ProposalDecision({ proposal, idPrefix = 'proposal' }: { proposal: Proposal; idPrefix?: string }) {
  const { t } = useI18n();
  const session = useConsoleSession().data;
  const [note, setNote] = useState('');
  const [done, setDone] = useState<'approved' | 'rejected' | null>(null);
  const approve = useGraphQLMutation(ApproveFourEyesProposalDocument, FOUR_EYES_QUERIES);
  const reject = useGraphQLMutation(RejectFourEyesProposalDocument, FOUR_EYES_QUERIES);
  const own = proposal.proposedBy === session?.user.id;
  const reviewer = roleAtLeast(session?.role, 'reviewer');
  if (done)
    return (
      <p className="alert alert-success" role="status">
        {done === 'approved' ? t('fourEyes.approvedDone') : t('fourEyes.rejectedDone')}
      </p>
    );
  if (proposal.status !== 'pending') return null;
  if (!reviewer)
    return (
      <p className="alert alert-info" data-testid="proposal-closed">
        {t('fourEyes.needsReviewer')}
      </p>
    );
  const mayApprove = proposal.viewerMayApprove;
  // The proposer may withdraw (reject) their own proposal; nobody else without approval rights may reject.
  const mayReject = mayApprove || own;
  const busy = approve.isPending || reject.isPending;
  const failure = approve.error ?? reject.error;
  const noteId = `${idPrefix}-note`;
  const act = (which: 'approve' | 'reject') => (event?: FormEvent) => {
    event?.preventDefault();
    if (!note.trim()) return;
    const mutation = which === 'approve' ? approve : reject;
    (which === 'approve' ? reject : approve).reset();
    mutation.mutate(
      { id: proposal.id, input: { note: note.trim() } },
      { onSuccess: () => setDone(which === 'approve' ? 'approved' : 'rejected') },
    );
  };
  return (
    <form className="decision-form" onSubmit={act('approve')} aria-label={t('fourEyes.decideLabel')}>
      {!mayApprove && (
        <p className="alert alert-info" id={`${idPrefix}-why`} data-testid="proposal-closed">
          {own ? t('fourEyes.ownProposal') : t('fourEyes.mayNotApprove')}
        </p>
      )}
      {mayReject && (
        <div className="field">
          <label htmlFor={noteId}>{t('fourEyes.decideNote')}</label>
          <textarea
            id={noteId}
            rows={3}
            required
            maxLength={5000}
            value={note}
            aria-describedby={`${noteId}-hint`}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={`${noteId}-hint`} className="hint">
            {t('fourEyes.decideNoteHint')}
          </p>
        </div>
      )}
      {failure && (
        <p role="alert" className="error-text" data-testid="proposal-refusal">
          {refusalText(t, failure)}
        </p>
      )}
      <div className="action-group">
        <button
          type="submit"
          className="button button-primary"
          disabled={!mayApprove || busy || !note.trim()}
          aria-describedby={mayApprove ? undefined : `${idPrefix}-why`}
        >
          {t('fourEyes.approve')}
        </button>
        {mayReject && (
          <button type="button" className="button button-danger" disabled={busy || !note.trim()} onClick={() => act('reject')()}>
            {own ? t('fourEyes.withdraw') : t('fourEyes.reject')}
          </button>
        )}
      </div>
    </form>
  );
}
