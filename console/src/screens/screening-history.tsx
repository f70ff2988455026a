// Search history: the workspace's stored searches (sync and batch), newest first, filtered on the
// server by name (`q`), batch job (`job`), creation dates (`from`, `to`) and direction (`sort`), as
// the search history of the interface document; cursor paging. Filters and page live in the URL.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { ScreeningSearchesDocument, SortDirection } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { FilterSelect } from '../ui/filter-select';
import { DateRangeFilter } from '../ui/date-range-filter';
import { Icon } from '../ui/icons';
import { useRowNavigation, useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { Empty, PageHeader, QueryStates } from '../ui/states';
import { screeningWords } from './screening-match';

const PAGE_SIZE = 25;

export default function ScreeningHistoryPage() {
  const { t, formatDate, formatNumber } = useI18n();
  useTitle(t('history.title'));
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const text = params.get('q') ?? '';
  const job = params.get('job') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const sort = (params.get('sort') === 'asc' ? 'asc' : 'desc') satisfies SortDirection;
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  const [jobDraft, setJobDraft] = useState(job);
  useEffect(() => setJobDraft(job), [job]);
  const table = useRef<HTMLDivElement>(null);
  useRowNavigation(table);
  const query = useGraphQLQuery(ScreeningSearchesDocument, {
    first: PAGE_SIZE,
    after: page.after,
    q: text.trim() || undefined,
    jobId: job.trim() || undefined,
    createdAtFrom: from ? `${from}T00:00:00.000Z` : undefined,
    createdAtTo: to ? `${to}T23:59:59.999Z` : undefined,
    sort,
  });
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (draft === text && jobDraft === job) return;
    const timer = setTimeout(
      () => update({ q: draft || undefined, job: jobDraft.trim() || undefined, after: undefined, prev: undefined }),
      300,
    );
    return () => clearTimeout(timer);
  });
  const rows = query.data?.screeningSearches.nodes ?? [];
  const filtered = Boolean(text.trim() || job || from || to);

  return (
    <>
      <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
        <Link href="/screening">{t('nav.screening')}</Link> <span aria-hidden="true">/</span> <span>{t('history.title')}</span>
      </nav>
      <PageHeader title={t('history.title')} subtitle={t('history.subtitle')} />
      <div className="toolbar" role="search">
        <label className="input-icon">
          <Icon name="search" />
          <span className="sr-only">{t('history.search')}</span>
          <input
            type="search"
            data-search
            placeholder={t('history.searchPlaceholder')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <label className="date-filter">
          <span>{t('history.job')}</span>
          <input
            value={jobDraft}
            onChange={(event) => setJobDraft(event.target.value)}
            size={14}
            placeholder={t('history.jobPlaceholder')}
          />
        </label>
        <DateRangeFilter
          fromLabel={t('profiles.createdFrom')}
          toLabel={t('profiles.createdTo')}
          from={from}
          to={to}
          onChange={(range) => update({ from: range.from, to: range.to, after: undefined, prev: undefined })}
        />
        <FilterSelect
          label={t('history.sort')}
          anyLabel={t('history.newestFirst')}
          value={sort === 'asc' ? 'asc' : ''}
          options={[{ value: 'asc', label: t('history.oldestFirst') }]}
          onChange={(value) => update({ sort: value || undefined, after: undefined, prev: undefined })}
        />
      </div>
      <QueryStates
        query={query}
        isEmpty={rows.length === 0}
        empty={
          <Empty title={filtered ? t('history.noMatch') : t('history.empty')}>
            {!filtered && <Link href="/screening">{t('history.startSearch')}</Link>}
          </Empty>
        }
      >
        {() => (
          <div className="table-wrap" ref={table}>
            <table className="table">
              <caption className="sr-only">{t('history.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('screening.name')}</th>
                  <th scope="col">{t('history.matches')}</th>
                  <th scope="col" className="hide-narrow">
                    {t('screening.feeds')}
                  </th>
                  <th scope="col" className="hide-narrow">
                    {t('history.by')}
                  </th>
                  <th scope="col">{t('history.when')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((search) => (
                  <tr key={search.id}>
                    <td>
                      <Link href={`/screening/requests/${search.id}`} data-row-link className="row-link">
                        {search.name}
                      </Link>
                      <div className="muted small">
                        {search.type ? screeningWords(t, 'queryType', search.type) : t('screening.anyType')}
                        {search.entityCount > 1 ? ` · ${t('history.batchOf', { count: formatNumber(search.entityCount) })}` : ''}
                        {search.jobId ? (
                          <>
                            {' · '}
                            <span className="mono">{search.jobId}</span>
                          </>
                        ) : null}
                      </div>
                    </td>
                    <td>{formatNumber(search.matchCount)}</td>
                    <td className="hide-narrow">{search.feeds.map((feed) => screeningWords(t, 'feed', feed)).join(', ')}</td>
                    <td className="hide-narrow">{search.userName ?? search.userEmail ?? search.userId}</td>
                    <td>
                      <time dateTime={search.createdAt}>{formatDate(search.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStates>
      {query.data && (
        <Pager
          page={page}
          hasNext={query.data.screeningSearches.pageInfo.hasNextPage}
          endCursor={query.data.screeningSearches.pageInfo.endCursor}
          total={query.data.screeningSearches.totalCount}
          shown={rows.length}
          go={(after, previous) => update({ after, prev: previous.join(',') || undefined })}
        />
      )}
    </>
  );
}
