// A stored search request (`/screening/requests/<id>`, a request id or an entity-scoped
// `<requestId>_<index>`): what was searched, by whom, against which list versions, and its stored
// matches, each explained and reviewable (`?match=<matchId>` chooses one).
import { ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { ScreeningRequestDocument } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { useTitle } from '../ui/keys';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { screeningWords, SearchResults } from './screening-match';
import { SCREENING_QUERIES } from './screening-search';

export default function ScreeningRequestPage({ id }: { id: string }) {
  const { t, formatDate, formatNumber } = useI18n();
  const [params] = useSearchParams();
  const query = useGraphQLQuery(ScreeningRequestDocument, { id });
  const search = query.data?.screeningSearch;
  useTitle(search?.name ?? t('request.title'));
  const breadcrumb = (last: ReactNode) => (
    <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
      <Link href="/screening">{t('nav.screening')}</Link> <span aria-hidden="true">/</span>{' '}
      <Link href="/screening/history">{t('history.title')}</Link> <span aria-hidden="true">/</span> <span>{last}</span>
    </nav>
  );
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  if (!search)
    return (
      <>
        {breadcrumb(id)}
        <PageHeader title={t('request.notFound')} />
        <Empty title={t('request.notFoundHint')}>
          <Link href="/screening/history">{t('request.backToHistory')}</Link>
        </Empty>
      </>
    );
  return (
    <>
      {breadcrumb(search.name)}
      <PageHeader title={search.name} subtitle={<span className="mono">{search.searchId}</span>} />
      <section className="panel request-summary" aria-labelledby="request-facts">
        <h2 id="request-facts" className="panel-title">
          {t('request.searched')}
        </h2>
        <dl className="fields two-column-fields">
          <Fact label={t('screening.type')}>{search.type ? screeningWords(t, 'queryType', search.type) : t('screening.anyType')}</Fact>
          <Fact label={t('screening.dateOfBirth')}>{search.dateOfBirth ?? '—'}</Fact>
          <Fact label={t('screening.country')}>{search.country ?? '—'}</Fact>
          <Fact label={t('screening.feeds')}>{search.feeds.map((feed) => screeningWords(t, 'feed', feed)).join(', ')}</Fact>
          <Fact label={t('request.threshold')}>
            {search.threshold !== null ? formatNumber(search.threshold, { maximumFractionDigits: 2 }) : '—'}
          </Fact>
          <Fact label={t('request.by')}>{search.userName ?? search.userEmail ?? search.userId}</Fact>
          <Fact label={t('history.when')}>{formatDate(search.createdAt)}</Fact>
          {search.customId && <Fact label={t('request.customId')}>{search.customId}</Fact>}
          {search.profileId && (
            <Fact label={t('request.profile')}>
              <Link href={`/profiles/${search.profileId}`}>{t('request.openProfile')}</Link>
            </Fact>
          )}
          {search.jobId && (
            <Fact label={t('history.job')}>
              <Link href={`/screening/history?job=${encodeURIComponent(search.jobId)}`} className="mono">
                {search.jobId}
              </Link>
              {search.entityCount > 1 && (
                <span className="muted small"> · {t('history.batchOf', { count: formatNumber(search.entityCount) })}</span>
              )}
            </Fact>
          )}
          <Fact label={t('request.lists')}>
            {search.listVersions.length
              ? search.listVersions
                  .map(
                    (version) => `${version.source}${version.seq !== null ? ` (${t('screening.versionSeq', { seq: version.seq })})` : ''}`,
                  )
                  .join(', ')
              : '—'}
          </Fact>
        </dl>
      </section>
      <section className="results" aria-labelledby="request-matches">
        <h2 id="request-matches" className="section-heading">
          {t('request.matches', { count: search.matches.length })}
        </h2>
        <SearchResults
          search={search}
          selectedId={params.get('match')}
          hrefOf={(matchId) => `/screening/requests/${id}?match=${matchId}`}
          invalidate={SCREENING_QUERIES}
        />
      </section>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
