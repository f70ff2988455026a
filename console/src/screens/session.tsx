// A verification session in the review desk, read from `idvReviewCase`: document and selfie side by
// side (from the artifacts' `filePath`), the API's comparison of the document against the profile
// (mismatches marked), face match and liveness scores beside the API's thresholds, reasons in words
// (the catalogue's translation, else the API's English explanation), the history, a claim button and
// the decision through `decideVerificationSession` (a note is required), then the next in the queue.
import { FormEvent, ReactNode, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { execute } from '../api/graphql-client';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import {
  AssignSessionToReviewerDocument,
  ClaimSessionDocument,
  DecideSessionDocument,
  IdvReviewStatus,
  ReviewCaseDocument,
  ReviewCaseQuery,
  ReviewQueueDocument,
  ScoredCheckFragment,
  SessionFourEyesDocument,
  WorkspaceReviewersQuery,
  WorkspaceReviewersDocument,
} from '../graphql/generated';
import type { MessageKey } from '../i18n/en';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { Icon } from '../ui/icons';
import { useTitle } from '../ui/keys';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { ProposalDecision, ProposalFields } from '../ui/four-eyes';
import { words } from '../ui/words';
import { AuditTrail } from '../ui/audit-trail';

type Case = NonNullable<ReviewCaseQuery['idvReviewCase']>;
type Session = Case['session'];

const OPEN_FOR_REVIEW: IdvReviewStatus[] = ['requires_review', 'escalation'];
const CASE_QUERIES = ['ReviewCase', 'ReviewQueue', 'Sessions', 'HomeOverview', 'Profile', 'SessionFourEyes', 'FourEyesProposals'];

export default function SessionPage({ id, inQueue = false }: { id: string; inQueue?: boolean }) {
  const { t } = useI18n();
  const query = useGraphQLQuery(ReviewCaseDocument, { id });
  const found = query.data?.idvReviewCase;
  useTitle(found ? `${t('session.title')} · ${found.session.profile.name}` : t('session.title'));
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  // Absent and out of scope (another workspace) are the same null: the same "not found".
  if (!found)
    return (
      <>
        <PageHeader title={t('session.notFound')} />
        <Empty title={t('session.notFoundHint')}>
          <Link href={inQueue ? '/review' : '/sessions'}>{t('session.back')}</Link>
        </Empty>
      </>
    );
  return <SessionView key={found.session.id} reviewCase={found} inQueue={inQueue} />;
}

function SessionView({ reviewCase, inQueue }: { reviewCase: Case; inQueue: boolean }) {
  const { t, formatDate } = useI18n();
  const consoleSession = useConsoleSession().data;
  const role = consoleSession?.role;
  const session = reviewCase.session;
  const next = useNextInQueue(session.id);
  // Kept open after a decision (the refetched session is no longer open for review) to offer the next.
  const [decided, setDecided] = useState(false);
  const open = OPEN_FOR_REVIEW.includes(session.reviewStatus);
  const reviewer = roleAtLeast(role, 'reviewer');
  // A decision waiting for a second person (four eyes): shown instead of the decision form.
  const fourEyes = useGraphQLQuery(SessionFourEyesDocument, { id: session.id });
  const proposal = fourEyes.data?.verificationSession?.fourEyesProposal ?? null;
  const pending = proposal?.status === 'pending' ? proposal : null;
  const canDecide = decided || (reviewer && open && !pending && !fourEyes.isPending);
  const claim = useGraphQLMutation(ClaimSessionDocument, CASE_QUERIES);
  const mine = Boolean(consoleSession && session.assignee === consoleSession.user.id);
  // Whom a session can be handed to (reviewers and up may read it): also names the assignee.
  const reviewers = useGraphQLQuery(WorkspaceReviewersDocument, {}, { enabled: reviewer, staleTime: 60_000 });
  const nameOf = (id: string | null | undefined) => reviewers.data?.workspaceReviewers.find((entry) => entry.id === id)?.name;
  const assigneeName = nameOf(session.assignee);
  return (
    <>
      <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
        <Link href={inQueue ? '/review' : '/sessions'}>{inQueue ? t('nav.review') : t('nav.sessions')}</Link>{' '}
        <span aria-hidden="true">/</span> <span className="mono">{session.id}</span>
      </nav>
      <PageHeader
        title={session.profile.name}
        subtitle={
          <>
            <StatusBadge value={session.reviewStatus} /> <StatusBadge value={session.status} />{' '}
            <Link href={`/profiles/${session.profile.id}`}>{t('session.openProfile')}</Link>
          </>
        }
        actions={
          <>
            {reviewer && open && !mine && (
              <button type="button" className="button" onClick={() => claim.mutate({ id: session.id })} disabled={claim.isPending}>
                {t('session.claim')}
              </button>
            )}
            {reviewer && open && reviewers.data && (
              <AssignTo sessionId={session.id} assignee={session.assignee} reviewers={reviewers.data.workspaceReviewers} />
            )}
            {inQueue && (
              <button type="button" className="button" onClick={next.go} disabled={next.busy}>
                {t('session.nextInQueue')} <Icon name="chevronRight" /> <kbd aria-hidden="true">n</kbd>
              </button>
            )}
          </>
        }
      />
      {claim.isError && (
        <p role="alert" className="alert alert-error">
          {claim.error.message}
        </p>
      )}
      {next.empty && (
        <p className="alert alert-info" role="status">
          {t('session.queueEmpty')}
        </p>
      )}
      <div className="review-layout">
        <section className="panel panel-wide" aria-labelledby="images-title">
          <h2 id="images-title" className="panel-title">
            {t('session.images')}
          </h2>
          <Images reviewCase={reviewCase} />
        </section>
        <section className="panel" aria-labelledby="compare-title">
          <h2 id="compare-title" className="panel-title">
            {t('session.compare')}
          </h2>
          {reviewCase.resultsAvailable ? <Comparison reviewCase={reviewCase} /> : <Empty title={t('session.noResults')} />}
        </section>
        <section className="panel" aria-labelledby="checks-title">
          <h2 id="checks-title" className="panel-title">
            {t('session.checks')}
          </h2>
          {reviewCase.resultsAvailable ? <Checks reviewCase={reviewCase} /> : <Empty title={t('session.noResults')} />}
        </section>
        <section className="panel" aria-labelledby="details-title">
          <h2 id="details-title" className="panel-title">
            {t('session.details')}
          </h2>
          <dl className="fields">
            <Row label={t('sessions.flow')}>{session.workflowRef?.name ?? '—'}</Row>
            <Row label={t('session.created')}>{formatDate(session.createdAt)}</Row>
            <Row label={t('sessions.submitted')}>{formatDate(session.submittedAt)}</Row>
            <Row label={t('session.assessed')}>{formatDate(reviewCase.assessedAt)}</Row>
            <Row label={t('session.reviewed')}>{formatDate(session.reviewedAt)}</Row>
            <Row label={t('session.assignee')}>{mine ? t('session.assignedToYou') : (assigneeName ?? session.assignee ?? '—')}</Row>
            <Row label={t('sessions.flags')}>{session.flagCategories.map((category) => words(t, 'kind', category)).join(', ') || '—'}</Row>
          </dl>
        </section>
        <section className="panel" aria-labelledby="history-title">
          <h2 id="history-title" className="panel-title">
            {t('session.history')}
          </h2>
          <History reviewCase={reviewCase} nameOf={nameOf} />
        </section>
        {pending && (
          <section className="panel panel-wide decision-panel" aria-labelledby="four-eyes-title" data-testid="four-eyes-pending">
            <h2 id="four-eyes-title" className="panel-title">
              {t('fourEyes.awaiting')}
            </h2>
            <p className="muted small">{t('fourEyes.awaitingHelp')}</p>
            <ProposalFields proposal={pending} withObject={false} />
            <ProposalDecision key={pending.id} proposal={pending} idPrefix="session-proposal" />
          </section>
        )}
        {canDecide && (
          <section className="panel panel-wide decision-panel" aria-labelledby="decision-title">
            <h2 id="decision-title" className="panel-title">
              {t('session.decision')}
            </h2>
            <Decision session={session} onRecorded={() => setDecided(true)} onNext={inQueue ? next.go : undefined} />
          </section>
        )}
        <AuditTrail objectType="idv.session" objectId={session.id} />
      </div>
    </>
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

/** The session's events (created, submitted, assessed, assigned, decisions), newest first. */
function History({ reviewCase, nameOf }: { reviewCase: Case; nameOf: (id: string | null | undefined) => string | undefined }) {
  const { t, formatDate } = useI18n();
  if (!reviewCase.history.length) return <Empty title={t('session.noHistory')} />;
  return (
    <ol className="timeline">
      {[...reviewCase.history].reverse().map((entry, index) => (
        <li key={index}>
          <time dateTime={entry.at}>{formatDate(entry.at)}</time>
          <span>
            <strong>{words(t, 'event', entry.kind)}</strong>
            {entry.toReviewStatus && (
              <>
                {' '}
                {entry.fromReviewStatus ? `${words(t, 'status', entry.fromReviewStatus)} → ` : ''}
                {words(t, 'status', entry.toReviewStatus)}
              </>
            )}
            {entry.assignee && ` · ${nameOf(entry.assignee) ?? entry.assignee}`}
          </span>
          {entry.actor && <span className="muted">{entry.actor.name ?? nameOf(entry.actor.id) ?? entry.actor.id}</span>}
          {entry.note && <p className="comment-text">{entry.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/** The captured images, document sides first, then the first selfie frame, side by side. */
function Images({ reviewCase }: { reviewCase: Case }) {
  const { t } = useI18n();
  const order = ['id_front', 'id_back', 'selfie', 'document'];
  const artifacts = reviewCase.artifacts
    .filter((artifact) => artifact.contentType.startsWith('image/'))
    .filter((artifact, index, all) => artifact.kind !== 'selfie' || all.findIndex((other) => other.kind === 'selfie') === index)
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  if (!artifacts.length) return <Empty title={t('session.noImages')} />;
  return (
    <div className="image-row">
      {artifacts.map((artifact) => (
        <ArtifactImage key={artifact.artifactId} src={artifact.filePath} label={words(t, 'artifact', artifact.kind)} />
      ))}
    </div>
  );
}

function ArtifactImage({ src, label }: { src: string; label: string }) {
  const { t } = useI18n();
  const [failed, setFailed] = useState(false);
  return (
    <figure className="artifact">
      {failed ? (
        <div className="artifact-missing">
          <Icon name="image" size={28} />
          <span>{t('session.imageUnavailable')}</span>
        </div>
      ) : (
        <a href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={label} onError={() => setFailed(true)} />
        </a>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** The API's comparison of the document's reading against the profile, mismatches marked. */
function Comparison({ reviewCase }: { reviewCase: Case }) {
  const { t, formatNumber } = useI18n();
  const asDate = useAsDate();
  const show = (field: string, value: string | null | undefined) => (field === 'date_of_birth' ? asDate(value ?? undefined) : value) ?? '—';
  return (
    <>
      {reviewCase.comparisons.length === 0 ? (
        <Empty title={t('session.noComparisons')} />
      ) : (
        <table className="table compact">
          <caption className="sr-only">{t('session.compare')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('session.field')}</th>
              <th scope="col">{t('session.document')}</th>
              <th scope="col">{t('session.profile')}</th>
              <th scope="col">{t('session.score')}</th>
            </tr>
          </thead>
          <tbody>
            {reviewCase.comparisons.map((row, index) => (
              <tr key={index} className={row.mismatch ? 'row-mismatch' : undefined} data-mismatch={row.mismatch ? 'true' : undefined}>
                <th scope="row">
                  {words(t, 'field', row.field)} <span className="muted small">({row.source})</span>
                  {row.mismatch && <span className="badge badge-bad">{t('session.mismatch')}</span>}
                  {row.outcome === 'not_on_profile' && <span className="badge">{t('session.notOnProfile')}</span>}
                </th>
                <td>{show(row.field, row.documentValue)}</td>
                <td>{show(row.field, row.profileValue)}</td>
                <td className="small">
                  {row.score !== null ? formatNumber(row.score, { maximumFractionDigits: 3 }) : '—'}
                  {row.threshold !== null && ` / ${formatNumber(row.threshold, { maximumFractionDigits: 3 })}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {reviewCase.document && (
        <p className="muted small">
          {t('session.documentType', {
            type: words(t, 'field', reviewCase.document.type),
            country: reviewCase.document.issuingCountry ?? '—',
            confidence: Math.round(reviewCase.document.confidence * 100),
          })}
        </p>
      )}
      {reviewCase.documentFields.length > 0 && (
        <details className="ocr-fields">
          <summary>{t('session.allFields', { count: reviewCase.documentFields.length })}</summary>
          <dl className="fields">
            {reviewCase.documentFields.map((field, index) => (
              <Row key={index} label={`${words(t, 'field', field.field)} (${field.source})`}>
                {field.value}
              </Row>
            ))}
          </dl>
        </details>
      )}
    </>
  );
}

/** A document date (yyyy-mm-dd) in the user's format; other text as read. */
function useAsDate() {
  const { formatDate } = useI18n();
  return (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, 'date') : value);
}

/** A reason code in words: the catalogue's translation in a language other than English, else the
 * API's English explanation (which is always current), else the code. */
function useReasonText() {
  const { t, locale } = useI18n();
  return (code: string, explanation: string | null | undefined) => {
    const key = `reason.${code}` as MessageKey;
    if (locale !== 'en' && t(key) !== key) return t(key);
    return explanation || words(t, 'reason', code);
  };
}

function Checks({ reviewCase }: { reviewCase: Case }) {
  const { t } = useI18n();
  const reasonText = useReasonText();
  const scored = [
    { name: 'face_match', check: reviewCase.faceMatch },
    { name: 'liveness', check: reviewCase.liveness },
  ].filter((entry): entry is { name: string; check: ScoredCheckFragment } => entry.check !== null);
  const others = reviewCase.reasons.filter((reason) => !scored.some((entry) => entry.check.reasonCode === reason.code));
  if (!scored.length && !others.length) return <Empty title={t('session.noChecks')} />;
  return (
    <ul className="checks">
      {scored.map(({ name, check }) => (
        <li key={name} className={`check check-${check.outcome}`}>
          <div className="check-head">
            <strong>{words(t, 'check', name)}</strong>
            <StatusBadge value={check.outcome} />
          </div>
          <p>{reasonText(check.reasonCode, check.explanation)}</p>
          <Score score={check.score} threshold={check.threshold} />
          <span className="muted small mono">{check.reasonCode}</span>
        </li>
      ))}
      {others.map((reason, index) => (
        <li key={index} className={`check check-${reason.outcome}`}>
          <div className="check-head">
            <strong>{words(t, 'check', reason.check)}</strong>
            <StatusBadge value={reason.outcome} />
          </div>
          <p>{reasonText(reason.code, reason.explanation)}</p>
          <span className="muted small mono">{reason.code}</span>
        </li>
      ))}
    </ul>
  );
}

function Score({ score, threshold }: { score: number | null; threshold: number }) {
  const { t, formatNumber } = useI18n();
  if (score === null) return null;
  return (
    <div className="score">
      <meter min={0} max={1} value={score} low={threshold} optimum={1} aria-label={t('session.score')} />
      <span className="small">
        {t('session.scoreOf', { score: formatNumber(score, { maximumFractionDigits: 3 }) })}
        {` · ${t('session.threshold', { threshold: formatNumber(threshold, { maximumFractionDigits: 3 }) })}`}
      </span>
    </div>
  );
}

function Decision({ session, onRecorded, onNext }: { session: Session; onRecorded: () => void; onNext?: () => void }) {
  const { t } = useI18n();
  const choices: { value: IdvReviewStatus; label: string }[] = [
    { value: 'accepted', label: t('decision.accept') },
    { value: 'rejected', label: t('decision.reject') },
    ...(session.reviewStatus === 'requires_review' ? [{ value: 'escalation' as const, label: t('decision.escalate') }] : []),
  ];
  const [status, setStatus] = useState<IdvReviewStatus | ''>('');
  const [note, setNote] = useState('');
  const review = useGraphQLMutation(DecideSessionDocument, CASE_QUERIES);
  const [done, setDone] = useState<'applied' | 'proposed' | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status || !note.trim()) return;
    // Keeps this panel mounted before the refetched session (decided, or with a pending proposal)
    // would close it: the answer below must still find the form to say what happened.
    onRecorded();
    review.mutate(
      { id: session.id, input: { status, note: note.trim() } },
      {
        // Under four eyes the session is unchanged and carries the proposal just made.
        onSuccess: (result) => setDone(result.decideVerificationSession.fourEyesProposal ? 'proposed' : 'applied'),
      },
    );
  };
  if (done === 'proposed')
    return (
      <div className="alert alert-info" role="status" data-testid="decision-proposed">
        <p>{t('fourEyes.proposed')}</p>
        {onNext && (
          <button type="button" className="button button-primary" onClick={onNext} autoFocus>
            {t('session.nextInQueue')} <Icon name="chevronRight" />
          </button>
        )}
      </div>
    );
  if (done)
    return (
      <div className="alert alert-success" role="status">
        <p>{t('decision.recorded')}</p>
        {onNext && (
          <button type="button" className="button button-primary" onClick={onNext} autoFocus>
            {t('session.nextInQueue')} <Icon name="chevronRight" />
          </button>
        )}
      </div>
    );
  return (
    <form onSubmit={submit} className="decision-form">
      <fieldset>
        <legend>{t('decision.choose')}</legend>
        <div className="segmented">
          {choices.map((choice) => (
            <label key={choice.value} className={status === choice.value ? `segment selected segment-${choice.value}` : 'segment'}>
              <input
                type="radio"
                name="decision"
                value={choice.value}
                checked={status === choice.value}
                onChange={() => setStatus(choice.value)}
                required
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="decision-note">{t('decision.note')}</label>
        <textarea
          id="decision-note"
          rows={3}
          required
          maxLength={5000}
          aria-describedby="decision-note-hint"
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id="decision-note-hint" className="hint">
          {t('decision.noteHint')}
        </p>
      </div>
      {review.isError && (
        <p role="alert" className="error-text">
          {review.error.message}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={review.isPending || !status || !note.trim()}>
        {t('decision.submit')}
      </button>
    </form>
  );
}

/** Opens the oldest session of the queue other than this one; `n` does the same from the keyboard. */
function useNextInQueue(currentId: string) {
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [empty, setEmpty] = useState(false);
  const go = () => {
    setBusy(true);
    setEmpty(false);
    void client
      .fetchQuery({ queryKey: ['ReviewQueue', { first: 2 }], queryFn: () => execute(ReviewQueueDocument, { first: 2 }), staleTime: 0 })
      .then((result) => {
        const next = result.idvReviewQueue.nodes.find((node) => node.id !== currentId);
        if (next) navigate(`/review/${next.id}`);
        else setEmpty(true);
      })
      .catch(() => setEmpty(true))
      .finally(() => setBusy(false));
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== 'n' || event.metaKey || event.ctrlKey || event.altKey) return;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      go();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  return { go, busy, empty };
}

/** "Assign to": hands the session to another reviewer of the workspace (the API refuses anyone who
 * may not decide reviews). */
function AssignTo({
  sessionId,
  assignee,
  reviewers,
}: {
  sessionId: string;
  assignee: string | null;
  reviewers: WorkspaceReviewersQuery['workspaceReviewers'];
}) {
  const { t } = useI18n();
  const [choice, setChoice] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const assign = useGraphQLMutation(AssignSessionToReviewerDocument, CASE_QUERIES);
  const others = reviewers.filter((entry) => entry.id !== assignee);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = others.find((entry) => entry.id === choice);
    if (!target) return;
    setDone(null);
    assign.mutate(
      { id: sessionId, input: { reviewerId: target.id } },
      {
        onSuccess: () => {
          setChoice('');
          setDone(t('assign.done', { name: target.name }));
        },
      },
    );
  };
  if (!others.length) return null;
  return (
    <form className="assign-form" onSubmit={submit}>
      <label>
        <span className="sr-only">{t('assign.label')}</span>
        <select value={choice} onChange={(event) => setChoice(event.target.value)}>
          <option value="">{t('assign.choose')}</option>
          {others.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name} ({t(`role.${entry.role}`)})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button" disabled={!choice || assign.isPending}>
        {t('assign.submit')}
      </button>
      {assign.isError ? (
        <span role="alert" className="error-text">
          {assign.error.message}
        </span>
      ) : (
        <span role="status" className="muted">
          {done}
        </span>
      )}
    </form>
  );
}
