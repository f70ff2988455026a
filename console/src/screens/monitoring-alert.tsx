// A monitoring alert: what changed on the list (each new or changed listed entry the re-screen
// matched) beside the monitored profile, the alert's facts, assign (analysts) and acknowledge with a
// note (reviewers, as the API allows).
import { FormEvent, ReactNode, useState } from 'react';
import { Link, useParams } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import {
  AcknowledgeMonitoringAlertDocument,
  AssignMonitoringAlertDocument,
  MonitoringAlertDocument,
  MonitoringAlertQuery,
} from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { codeWords } from '../ui/code-words';
import { useTitle } from '../ui/keys';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';

type Alert = NonNullable<MonitoringAlertQuery['monitoringAlert']>;
type Match = NonNullable<Alert['search']>['matches'][number];
const ALERT_QUERIES = ['MonitoringAlert', 'MonitoringAlerts', 'HomeOverview'];

export default function MonitoringAlertPage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useI18n();
  const query = useGraphQLQuery(MonitoringAlertDocument, { id });
  const alert = query.data?.monitoringAlert;
  useTitle(alert ? `${t('alert.title')} · ${alert.search?.profile?.name ?? alert.profileId}` : t('alert.title'));
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  if (!alert)
    return (
      <>
        <PageHeader title={t('alert.notFound')} />
        <Empty title={t('alert.notFoundHint')}>
          <Link href="/monitoring">{t('alert.back')}</Link>
        </Empty>
      </>
    );
  return <AlertView key={alert.id} alert={alert} />;
}

function AlertView({ alert }: { alert: Alert }) {
  const { t, formatDate } = useI18n();
  const session = useConsoleSession().data;
  const role = session?.role;
  const profile = alert.search?.profile;
  const matches = alert.search?.matches ?? [];
  const who = (actor: string | null | undefined) => (actor ? (actor === session?.user.id ? t('monitoring.you') : actor) : '—');
  return (
    <>
      <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
        <Link href="/monitoring">{t('nav.monitoring')}</Link> <span aria-hidden="true">/</span> <span className="mono">{alert.id}</span>
      </nav>
      <PageHeader
        title={profile?.name ?? alert.search?.name ?? alert.profileId}
        subtitle={
          <>
            <span data-testid="alert-status">
              <StatusBadge value={alert.status === 'open' ? 'alert_open' : 'acknowledged'} />
            </span>{' '}
            {codeWords(t, 'trigger', alert.trigger)} · {formatDate(alert.createdAt)}
          </>
        }
        actions={roleAtLeast(role, 'analyst') ? <Assign alert={alert} /> : undefined}
      />
      <div className="detail-grid">
        <section className="panel panel-wide" aria-labelledby="alert-changes">
          <h2 id="alert-changes" className="panel-title">
            {t('alert.changes', { count: matches.length })}
          </h2>
          <p className="muted small">{alert.trigger === 'delta' ? t('alert.deltaHint') : t('alert.scheduledHint')}</p>
          {matches.length === 0 ? (
            <Empty title={t('alert.noMatches')} />
          ) : (
            matches.map((match) => <Comparison key={match.id} match={match} alert={alert} />)
          )}
        </section>
        <section className="panel" aria-labelledby="alert-facts">
          <h2 id="alert-facts" className="panel-title">
            {t('alert.facts')}
          </h2>
          <dl className="fields">
            <Field label={t('monitoring.trigger')}>{codeWords(t, 'trigger', alert.trigger)}</Field>
            <Field label={t('monitoring.matches')}>{alert.matchCount}</Field>
            <Field label={t('alert.run')}>
              <span className="mono small">{alert.runId}</span>
            </Field>
            <Field label={t('alert.search')}>
              <span className="mono small">{alert.search?.id ?? '—'}</span>
            </Field>
            <Field label={t('monitoring.assignee')}>{who(alert.assignee)}</Field>
            <Field label={t('alert.acknowledgedAt')}>{formatDate(alert.acknowledgedAt)}</Field>
            <Field label={t('alert.acknowledgedBy')}>{who(alert.acknowledgedBy)}</Field>
            <Field label={t('alert.note')}>{alert.note ?? '—'}</Field>
          </dl>
        </section>
        <section className="panel" aria-labelledby="alert-ack">
          <h2 id="alert-ack" className="panel-title">
            {t('alert.acknowledge')}
          </h2>
          {alert.status === 'acknowledged' ? (
            <p className="alert alert-success" role="status">
              {t('alert.acknowledgedLine', { when: formatDate(alert.acknowledgedAt) })}
            </p>
          ) : roleAtLeast(role, 'reviewer') ? (
            <Acknowledge alert={alert} />
          ) : (
            <p className="muted">{t('alert.reviewerAcknowledges')}</p>
          )}
        </section>
      </div>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type Change = Alert['changes'][number];
type FieldChange = Change['fields'][number];

/** One cell of the list's side: the current values, those the list version added marked "Added", and
 * those it removed listed after them marked "Removed" (words and a sign, not colour alone). */
function Values({ values, changes }: { values: string[]; changes: (FieldChange | undefined)[] }) {
  const { t } = useI18n();
  const added = new Set(changes.flatMap((change) => change?.added ?? []));
  const removed = [...new Set(changes.flatMap((change) => change?.removed ?? []))];
  if (!values.length && !removed.length) return <>—</>;
  if (!added.size && !removed.length) return <>{values.join(', ')}</>;
  return (
    <ul className="change-list">
      {values.map((value) => (
        <li key={`now:${value}`} className={added.has(value) ? 'change-added' : undefined}>
          {added.has(value) && (
            <>
              <span className="change-sign" aria-hidden="true">
                +
              </span>
              <span className="change-word">{t('alertChange.added')}</span>{' '}
            </>
          )}
          {value}
        </li>
      ))}
      {removed.map((value) => (
        <li key={`was:${value}`} className="change-removed">
          <span className="change-sign" aria-hidden="true">
            −
          </span>
          <span className="change-word">{t('alertChange.removed')}</span> <del>{value}</del>
        </li>
      ))}
    </ul>
  );
}

/** What the list version did to this entry: new, changed or unchanged, in which version, and whether
 * the profile's previous screening had matched it. */
function ChangeLine({ change }: { change: Change }) {
  const { t, formatDate } = useI18n();
  const version = {
    list: change.version.source,
    seq: change.version.seq,
    label: change.version.label,
    date: formatDate(change.version.importedAt, 'date'),
    previous: change.previousVersion ? `${change.previousVersion.seq} (${change.previousVersion.label})` : '—',
  };
  const line =
    change.kind === 'new_listing'
      ? t('alertChange.new', version)
      : change.kind === 'changed_listing'
        ? t('alertChange.changed', version)
        : change.kind === 'unchanged_listing'
          ? t('alertChange.unchanged', version)
          : t('alertChange.noBaseline', version);
  return (
    <p className="change-line" data-testid="alert-change">
      <span className={`badge ${change.kind === 'unchanged_listing' || change.kind === 'no_baseline' ? 'badge-neutral' : 'badge-warn'}`}>
        {t(`alertChange.kind.${change.kind}`)}
      </span>{' '}
      {line}
      {change.newlyMatched != null && <> {change.newlyMatched ? t('alertChange.newlyMatched') : t('alertChange.matchedBefore')}</>}
    </p>
  );
}

// The list's links are listed under the table already.
const OTHER_FIELDS = ['gender', 'addresses', 'feeds'] as const;

/** One listed entry the re-screen matched, beside the profile it matched: name, type, birth dates,
 * countries, identifiers, programmes, listing date and remarks, each marked with what the list version
 * added or removed; the list's links. Without a change (an entry the version no longer holds), the
 * match's own entity. */
function Comparison({ match, alert }: { match: Match; alert: Alert }) {
  const { t, formatDate, formatNumber } = useI18n();
  const profile = alert.search?.profile;
  const entity = match.entity;
  const change = alert.changes.find((candidate) => candidate.entityRef === match.entityRef);
  const field = (name: FieldChange['field']) => change?.fields.find((candidate) => candidate.field === name);
  const births = entity.datesOfBirth.map((date) => date.value ?? [date.from, date.to].filter(Boolean).join(' – ')).filter(Boolean);
  const now = change?.current ?? {
    names: [entity.name],
    entityType: entity.type,
    birthDates: births,
    nationalities: entity.nationalities,
    countries: entity.countries,
    identifiers: [],
    programs: entity.programs,
    listedOn: entity.listedOn ?? null,
    remarks: null,
  };
  const others = OTHER_FIELDS.map((name) => field(name)).filter((item): item is FieldChange => Boolean(item));
  return (
    <div className="compare-block" data-testid="alert-match">
      {change && <ChangeLine change={change} />}
      <table className="table compact">
        <caption className="small">
          {t('alert.matchCaption', { list: entity.source, score: formatNumber(match.score, { maximumFractionDigits: 2 }) })}{' '}
          <StatusBadge value={match.reviewStatus} />
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('alert.field')}</th>
            <th scope="col">{t('alert.onList')}</th>
            <th scope="col">{t('alert.profileSide')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('alert.name')}</th>
            <td>
              <strong>
                <Values values={now.names} changes={[field('names')]} />
              </strong>
              {match.matchedName !== entity.name && <div className="muted small">{t('alert.matchedAs', { name: match.matchedName })}</div>}
            </td>
            <td>{profile?.name ?? alert.search?.name ?? '—'}</td>
          </tr>
          <tr>
            <th scope="row">{t('alert.type')}</th>
            <td>
              <Values values={[now.entityType]} changes={[field('entity_type')]} />
            </td>
            <td>{profile?.kind ?? alert.search?.type ?? '—'}</td>
          </tr>
          <tr>
            <th scope="row">{t('profile.dateOfBirth')}</th>
            <td>
              <Values values={now.birthDates} changes={[field('birth_dates')]} />
            </td>
            <td>{profile?.dateOfBirth ? formatDate(profile.dateOfBirth, 'date') : (alert.search?.dateOfBirth ?? '—')}</td>
          </tr>
          <tr>
            <th scope="row">{t('alert.countries')}</th>
            <td>
              <Values
                values={[...new Set([...now.nationalities, ...now.countries])]}
                changes={[field('nationalities'), field('countries')]}
              />
            </td>
            <td>{alert.search?.country ?? '—'}</td>
          </tr>
          <tr>
            <th scope="row">{t('alertChange.identifiers')}</th>
            <td>
              <Values values={now.identifiers} changes={[field('identifiers')]} />
            </td>
            <td>—</td>
          </tr>
          <tr>
            <th scope="row">{t('alert.programs')}</th>
            <td>
              <Values values={now.programs} changes={[field('programs')]} />
            </td>
            <td>—</td>
          </tr>
          <tr>
            <th scope="row">{t('alert.listedOn')}</th>
            <td>
              <Values values={now.listedOn ? [now.listedOn] : []} changes={[field('listed_on')]} />
            </td>
            <td>—</td>
          </tr>
          <tr>
            <th scope="row">{t('alertChange.remarks')}</th>
            <td>
              <Values values={now.remarks ? [now.remarks] : []} changes={[field('remarks')]} />
            </td>
            <td>—</td>
          </tr>
        </tbody>
      </table>
      {others.length > 0 && (
        <dl className="fields small change-others">
          {others.map((other) => (
            <Field key={other.field} label={t(`alertChange.field.${other.field as (typeof OTHER_FIELDS)[number]}`)}>
              <Values values={other.added} changes={[other]} />
            </Field>
          ))}
        </dl>
      )}
      <p className="muted small">
        <span className="mono">{match.entityRef}</span> · {match.feeds.join(', ')}
        {profile && (
          <>
            {' '}
            · <Link href={`/profiles/${profile.id}`}>{t('alert.openProfile')}</Link>
          </>
        )}
      </p>
      {match.sourceDetails.flatMap((detail) => detail.urls).length > 0 && (
        <ul className="small">
          {[...new Set(match.sourceDetails.flatMap((detail) => detail.urls))].map((url) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                {url}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Acknowledge({ alert }: { alert: Alert }) {
  const { t } = useI18n();
  const [note, setNote] = useState('');
  const acknowledge = useGraphQLMutation(AcknowledgeMonitoringAlertDocument, ALERT_QUERIES);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    acknowledge.mutate({ id: alert.id, input: { note: note.trim() || undefined } });
  };
  return (
    <form className="comment-form" onSubmit={submit}>
      <label htmlFor="ack-note">{t('alert.note')}</label>
      <textarea
        id="ack-note"
        rows={3}
        maxLength={2000}
        aria-describedby="ack-note-hint"
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <p id="ack-note-hint" className="hint">
        {t('alert.noteHint')}
      </p>
      {acknowledge.isError && (
        <p role="alert" className="error-text">
          {acknowledge.error.message}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={acknowledge.isPending}>
        {t('alert.acknowledge')}
      </button>
    </form>
  );
}

function Assign({ alert }: { alert: Alert }) {
  const { t } = useI18n();
  const session = useConsoleSession().data;
  const assign = useGraphQLMutation(AssignMonitoringAlertDocument, ALERT_QUERIES);
  const mine = Boolean(session && alert.assignee === session.user.id);
  return (
    <div className="action-group">
      <button
        type="button"
        className="button"
        disabled={assign.isPending || !session}
        onClick={() => assign.mutate({ id: alert.id, input: { assignee: mine ? null : session?.user.id } })}
      >
        {mine ? t('alert.unassign') : t('alert.assignToMe')}
      </button>
      {assign.isError && (
        <span role="alert" className="error-text">
          {assign.error.message}
        </span>
      )}
    </div>
  );
}
