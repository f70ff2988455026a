// The workspace audit log (reviewers and admins): who did what to which object, when and from where,
// newest first, filtered on the server by actor, action, object, profile and date range, paged by
// cursor. Filters and page live in the URL (deep links). Admins can run the chain's verification.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useConsoleSession, useGraphQLQuery } from '../api/queries';
import { AuditActorKind, AuditChainVerificationDocument, AuditEntriesDocument } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { AuditTable } from '../ui/audit-entries';
import { DateRangeFilter } from '../ui/date-range-filter';
import { FilterSelect } from '../ui/filter-select';
import { Icon } from '../ui/icons';
import { useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { Empty, PageHeader, QueryStates } from '../ui/states';

const ACTOR_KINDS: AuditActorKind[] = ['application', 'dashboard_user', 'service', 'capture', 'invite'];
const OBJECT_TYPES = [
  'profile',
  'idv.session',
  'idv.workflow',
  'idv.webhook_destination',
  'screening.search',
  'screening.match',
  'screening.batch',
  'screening.monitoring_alert',
  'screening.settings',
  'profiles.settings',
  'access.dashboard_user',
];
const PAGE_SIZE = 50;
/** Text filters go to the URL once typing pauses. */
const TEXT_FILTERS = ['actorId', 'action', 'objectId'] as const;

export default function AuditPage() {
  const { t } = useI18n();
  useTitle(t('nav.audit'));
  const session = useConsoleSession();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const value = (key: string) => params.get(key) ?? '';
  const from = value('from');
  const to = value('to');
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const text = Object.fromEntries(TEXT_FILTERS.map((key) => [key, value(key)]));
  const search = params.toString();
  useEffect(() => setDrafts({}), [search]);
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, entry] of Object.entries({ ...changes, after: undefined, prev: undefined, ...pick(changes, ['after', 'prev']) })) {
          if (entry) next.set(key, entry);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    const changed = Object.entries(drafts).filter(([key, draft]) => draft !== text[key]);
    if (!changed.length) return;
    const timer = setTimeout(() => update(Object.fromEntries(changed.map(([key, draft]) => [key, draft.trim() || undefined]))), 300);
    return () => clearTimeout(timer);
  });
  const filter = {
    actorKind: (value('actorKind') || undefined) as AuditActorKind | undefined,
    actorId: text.actorId || undefined,
    action: text.action || undefined,
    objectType: value('objectType') || undefined,
    objectId: text.objectId || undefined,
    profileId: value('profile') || undefined,
    from: from ? `${from}T00:00:00.000Z` : undefined,
    to: to ? nextDay(to) : undefined,
  };
  const query = useGraphQLQuery(AuditEntriesDocument, { first: PAGE_SIZE, after: page.after, filter });
  const rows = query.data?.auditEntries.nodes ?? [];
  const filtered = Object.values(filter).some(Boolean);
  const draft = (key: string) => drafts[key] ?? text[key];

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        subtitle={t('audit.subtitle')}
        actions={session.data?.role === 'admin' ? <ChainStatus /> : undefined}
      />
      <div className="toolbar audit-filters" role="search" aria-label={t('audit.filters')}>
        <FilterSelect
          label={t('audit.actorKind')}
          anyLabel={t('audit.anyActor')}
          value={value('actorKind')}
          options={ACTOR_KINDS.map((kind) => ({ value: kind, label: t(`audit.actorKind.${kind}`) }))}
          onChange={(kind) => update({ actorKind: kind })}
        />
        <label className="text-filter">
          <span>{t('audit.actorId')}</span>
          <input type="text" value={draft('actorId')} onChange={(event) => setDrafts({ ...drafts, actorId: event.target.value })} />
        </label>
        <label className="text-filter">
          <span>{t('audit.action')}</span>
          <input
            type="text"
            data-search
            placeholder="access.sign_in"
            value={draft('action')}
            onChange={(event) => setDrafts({ ...drafts, action: event.target.value })}
          />
        </label>
        <FilterSelect
          label={t('audit.objectType')}
          anyLabel={t('audit.anyObject')}
          value={value('objectType')}
          options={OBJECT_TYPES.map((type) => ({ value: type, label: type }))}
          onChange={(type) => update({ objectType: type })}
        />
        <label className="text-filter">
          <span>{t('audit.objectId')}</span>
          <input type="text" value={draft('objectId')} onChange={(event) => setDrafts({ ...drafts, objectId: event.target.value })} />
        </label>
        <DateRangeFilter
          fromLabel={t('audit.from')}
          toLabel={t('audit.to')}
          from={from}
          to={to}
          onChange={(range) => update({ from: range.from, to: range.to })}
        />
        {filtered && (
          <button type="button" className="button" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            <Icon name="x" /> {t('audit.clear')}
          </button>
        )}
      </div>
      {value('profile') && <p className="muted">{t('audit.forProfile', { id: value('profile') })}</p>}
      <QueryStates query={query} isEmpty={rows.length === 0} empty={<Empty title={filtered ? t('audit.noMatch') : t('audit.empty')} />}>
        {() => <AuditTable rows={rows} caption={t('audit.title')} />}
      </QueryStates>
      {query.data && (
        <Pager
          page={page}
          hasNext={query.data.auditEntries.pageInfo.hasNextPage}
          endCursor={query.data.auditEntries.pageInfo.endCursor}
          total={query.data.auditEntries.totalCount}
          shown={rows.length}
          go={(after, previous) => update({ after, prev: previous.join(',') || undefined })}
        />
      )}
    </>
  );
}

/** The chain's verification, run on demand (it reads the whole chain). */
function ChainStatus() {
  const { t, formatDate, formatNumber } = useI18n();
  const query = useGraphQLQuery(AuditChainVerificationDocument, {}, { enabled: false });
  const result = query.data?.auditChainVerification;
  return (
    <div className="chain-status" aria-live="polite">
      <button type="button" className="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
        <Icon name="check" /> {t('audit.verify')}
      </button>
      {query.isFetching ? (
        <span className="muted">{t('audit.verifying')}</span>
      ) : query.isError ? (
        <span className="error-text" role="alert">
          {query.error.message}
        </span>
      ) : result ? (
        <span className={result.verified ? 'badge badge-good' : 'badge badge-warn'} title={formatDate(result.checkedAt)}>
          {result.verified
            ? t('audit.verified', { entries: formatNumber(result.entries) })
            : t('audit.broken', { problems: formatNumber(result.problems.length) })}
          {!result.signaturesChecked && ` · ${t('audit.unsigned')}`}
        </span>
      ) : null}
      {result && result.problems.length > 0 && (
        <ul className="chain-problems">
          {result.problems.slice(0, 20).map((problem, index) => (
            <li key={index} className="small">
              <span className="mono">{problem.kind}</span> {problem.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function pick(values: Record<string, string | undefined>, keys: string[]): Record<string, string | undefined> {
  return Object.fromEntries(keys.filter((key) => key in values).map((key) => [key, values[key]]));
}

/** The day after a YYYY-MM-DD date, as the exclusive end of the range (`to` is exclusive). */
function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString();
}
