// A verification session in the review desk: document and selfie side by side, what the document
// says against what the profile says, the checks' scores against their thresholds, reason codes in
// words, the review history, and the decision (a note is required), then the next in the queue.
import { FormEvent, ReactNode, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { execute } from '../api/graphql-client';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import {
  IdvReviewStatus,
  ReviewQueueDocument,
  ReviewSessionDocument,
  SessionDataDocument,
  SessionDataQuery,
  SessionDocument,
  SessionQuery,
} from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { Icon } from '../ui/icons';
import { useTitle } from '../ui/keys';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { CHECK_THRESHOLDS, words } from '../ui/words';

type Session = NonNullable<SessionQuery['verificationSession']>;
type Data = SessionDataQuery['verificationSessionData'];

const OPEN_FOR_REVIEW: IdvReviewStatus[] = ['requires_review', 'escalation'];

export default function SessionPage({ id, inQueue = false }: { id: string; inQueue?: boolean }) {
  const { t } = useI18n();
  const query = useGraphQLQuery(SessionDocument, { id });
  useTitle(query.data?.verificationSession ? `${t('session.title')} · ${query.data.verificationSession.profile.name}` : t('session.title'));
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const session = query.data.verificationSession;
  if (!session)
    return (
      <>
        <PageHeader title={t('session.notFound')} />
        <Empty title={t('session.notFoundHint')}>
          <Link href={inQueue ? '/review' : '/sessions'}>{t('session.back')}</Link>
        </Empty>
      </>
    );
  return <SessionView key={session.id} session={session} inQueue={inQueue} />;
}

function SessionView({ session, inQueue }: { session: Session; inQueue: boolean }) {
  const { t, formatDate } = useI18n();
  const role = useConsoleSession().data?.role;
  const data = useGraphQLQuery(SessionDataDocument, { id: session.id }, { retry: false });
  const next = useNextInQueue(session.id);
  // Kept open after a decision (the refetched session is no longer open for review) to offer the next.
  const [decided, setDecided] = useState(false);
  const canDecide = decided || (roleAtLeast(role, 'reviewer') && OPEN_FOR_REVIEW.includes(session.reviewStatus));
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
          inQueue ? (
            <button type="button" className="button" onClick={next.go} disabled={next.busy}>
              {t('session.nextInQueue')} <Icon name="chevronRight" /> <kbd aria-hidden="true">n</kbd>
            </button>
          ) : undefined
        }
      />
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
          <Images session={session} />
        </section>
        <section className="panel" aria-labelledby="compare-title">
          <h2 id="compare-title" className="panel-title">
            {t('session.compare')}
          </h2>
          <DataPart data={data}>{(result) => <Comparison session={session} data={result} />}</DataPart>
        </section>
        <section className="panel" aria-labelledby="checks-title">
          <h2 id="checks-title" className="panel-title">
            {t('session.checks')}
          </h2>
          <DataPart data={data}>{(result) => <Checks data={result} />}</DataPart>
        </section>
        <section className="panel" aria-labelledby="details-title">
          <h2 id="details-title" className="panel-title">
            {t('session.details')}
          </h2>
          <dl className="fields">
            <Row label={t('sessions.flow')}>{session.workflowRef?.name ?? '—'}</Row>
            <Row label={t('session.created')}>{formatDate(session.createdAt)}</Row>
            <Row label={t('sessions.submitted')}>{formatDate(session.submittedAt)}</Row>
            <Row label={t('session.reviewed')}>{formatDate(session.reviewedAt)}</Row>
            <Row label={t('session.assignee')}>{session.assignee ?? '—'}</Row>
            <Row label={t('sessions.flags')}>{session.flagCategories.map((category) => words(t, 'kind', category)).join(', ') || '—'}</Row>
          </dl>
        </section>
        <section className="panel" aria-labelledby="history-title">
          <h2 id="history-title" className="panel-title">
            {t('session.history')}
          </h2>
          {session.reviewHistory.length ? (
            <ol className="timeline">
              {[...session.reviewHistory].reverse().map((entry, index) => (
                <li key={index}>
                  <time dateTime={entry.at}>{formatDate(entry.at)}</time>
                  <span>
                    {words(t, 'status', entry.from)} → <strong>{words(t, 'status', entry.status)}</strong>
                  </span>
                  <span className="muted">{entry.actor.name ?? entry.actor.id}</span>
                  {entry.note && <p className="comment-text">{entry.note}</p>}
                </li>
              ))}
            </ol>
          ) : (
            <Empty title={t('session.noHistory')} />
          )}
        </section>
        {canDecide && (
          <section className="panel panel-wide decision-panel" aria-labelledby="decision-title">
            <h2 id="decision-title" className="panel-title">
              {t('session.decision')}
            </h2>
            <Decision session={session} onRecorded={() => setDecided(true)} onNext={inQueue ? next.go : undefined} />
          </section>
        )}
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

function DataPart({
  data,
  children,
}: {
  data: { isPending: boolean; isError: boolean; error: Error | null; data?: SessionDataQuery };
  children: (result: Data) => ReactNode;
}) {
  const { t } = useI18n();
  if (data.isPending) return <Loading />;
  if (data.isError || !data.data) return <ErrorState error={data.error} />;
  if (!data.data.verificationSessionData.resultsAvailable) return <Empty title={t('session.noResults')} />;
  return <>{children(data.data.verificationSessionData)}</>;
}

/** The captured images, document sides first, then the first selfie frame, side by side. */
function Images({ session }: { session: Session }) {
  const { t } = useI18n();
  const order = ['id_front', 'id_back', 'selfie', 'document'];
  const artifacts = [...session.artifacts]
    .filter((artifact, index, all) => artifact.kind !== 'selfie' || all.findIndex((other) => other.kind === 'selfie') === index)
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  if (!artifacts.length) return <Empty title={t('session.noImages')} />;
  return (
    <div className="image-row">
      {artifacts.map((artifact) => (
        <ArtifactImage
          key={artifact.artifactId}
          sessionId={session.id}
          artifactId={artifact.artifactId}
          label={words(t, 'artifact', artifact.kind)}
        />
      ))}
    </div>
  );
}

function ArtifactImage({ sessionId, artifactId, label }: { sessionId: string; artifactId: string; label: string }) {
  const { t } = useI18n();
  const [failed, setFailed] = useState(false);
  const src = `/console/files/idv/sessions/${encodeURIComponent(sessionId)}/artifacts/${encodeURIComponent(artifactId)}`;
  return (
    <figure className="artifact">
      {failed ? (
        <div className="artifact-missing">
          <Icon name="image" size={28} />
          <span>{t('session.imageUnavailable')}</span>
        </div>
      ) : (
        <a href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={label} loading="lazy" onError={() => setFailed(true)} />
        </a>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

const COMPARED_FIELDS = ['name', 'date_of_birth'] as const;

/** The document's reading next to the profile's values, then every field read from the document. */
function Comparison({ session, data }: { session: Session; data: Data }) {
  const { t, formatDate } = useI18n();
  const asDate = useAsDate();
  const read = (field: string) => data.ocrFields.find((entry) => entry.field === field)?.value;
  const documentName = [read('given_names'), read('surname')].filter(Boolean).join(' ') || undefined;
  const documentValues: Record<(typeof COMPARED_FIELDS)[number], string | undefined> = {
    name: documentName,
    date_of_birth: asDate(read('date_of_birth')),
  };
  const profileValues: Record<(typeof COMPARED_FIELDS)[number], string | undefined> = {
    name: session.profile.name,
    date_of_birth: session.profile.dateOfBirth ? formatDate(session.profile.dateOfBirth, 'date') : undefined,
  };
  return (
    <>
      <table className="table compact">
        <caption className="sr-only">{t('session.compare')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('session.field')}</th>
            <th scope="col">{t('session.document')}</th>
            <th scope="col">{t('session.profile')}</th>
          </tr>
        </thead>
        <tbody>
          {COMPARED_FIELDS.map((field) => {
            const mismatch = data.mismatches.find((entry) => entry.field === field);
            return (
              <tr key={field} className={mismatch ? 'row-mismatch' : undefined}>
                <th scope="row">
                  {words(t, 'field', field)}
                  {mismatch && <span className="badge badge-bad">{t('session.mismatch')}</span>}
                </th>
                <td>{mismatch?.documentValue ?? documentValues[field] ?? '—'}</td>
                <td>{mismatch?.profileValue ?? profileValues[field] ?? '—'}</td>
              </tr>
            );
          })}
          {data.mismatches
            .filter((entry) => !(COMPARED_FIELDS as readonly string[]).includes(entry.field))
            .map((entry, index) => (
              <tr key={`m${index}`} className="row-mismatch">
                <th scope="row">
                  {words(t, 'field', entry.field)} <span className="badge badge-bad">{t('session.mismatch')}</span>
                </th>
                <td>{entry.documentValue ?? entry.detail ?? '—'}</td>
                <td>{entry.profileValue ?? '—'}</td>
              </tr>
            ))}
        </tbody>
      </table>
      {data.document && (
        <p className="muted small">
          {t('session.documentType', {
            type: words(t, 'field', data.document.type),
            country: data.document.issuingCountry ?? '—',
            confidence: Math.round(data.document.confidence * 100),
          })}
        </p>
      )}
      {data.ocrFields.length > 0 && (
        <details className="ocr-fields">
          <summary>{t('session.allFields', { count: data.ocrFields.length })}</summary>
          <dl className="fields">
            {data.ocrFields.map((field, index) => (
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

function Checks({ data }: { data: Data }) {
  const { t, formatNumber } = useI18n();
  if (!data.checks.length) return <Empty title={t('session.noChecks')} />;
  return (
    <ul className="checks">
      {data.checks.map((check, index) => {
        const threshold = CHECK_THRESHOLDS[check.check];
        return (
          <li key={index} className={`check check-${check.outcome}`}>
            <div className="check-head">
              <strong>{words(t, 'check', check.check)}</strong>
              <StatusBadge value={check.outcome} />
            </div>
            <p>{words(t, 'reason', check.reasonCode)}</p>
            {check.score !== null && (
              <div className="score">
                <meter min={0} max={1} value={check.score} low={threshold} optimum={1} aria-label={t('session.score')} />
                <span className="small">
                  {t('session.scoreOf', { score: formatNumber(check.score, { maximumFractionDigits: 3 }) })}
                  {threshold !== undefined &&
                    ` · ${t('session.threshold', { threshold: formatNumber(threshold, { maximumFractionDigits: 3 }) })}`}
                </span>
              </div>
            )}
            <span className="muted small mono">{check.reasonCode}</span>
          </li>
        );
      })}
    </ul>
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
  const review = useGraphQLMutation(ReviewSessionDocument, ['Session', 'ReviewQueue', 'Sessions', 'HomeOverview']);
  const [done, setDone] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status || !note.trim()) return;
    review.mutate(
      { id: session.id, input: { status, note: note.trim() } },
      {
        onSuccess: () => {
          setDone(true);
          onRecorded();
        },
      },
    );
  };
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
          maxLength={2000}
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
