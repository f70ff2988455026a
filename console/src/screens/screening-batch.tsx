// A batch job (`/screening/batches/<id>`): its state and a progress bar read again while it runs,
// its entity results (all, or only those with matches: `rows=matched`; cursor paging in the URL),
// each row opening its stored search on the request page for the per-match review, a PDF report
// per row and every matched row's report as one ZIP (both same-origin /console/files routes), and
// a restart of a failed job.
import { useRef } from 'react';
import { Link } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLMutation, useGraphQLQuery } from '../api/queries';
import { BatchJobSummaryFragment, RestartScreeningBatchDocument, ScreeningBatchJobDocument } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { useRowNavigation, useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { useUrlFilters } from '../ui/url-filters';
import { BATCH_POLL_MS, BatchBreadcrumb, batchUnfinished } from './screening-batches';
import { screeningWords } from './screening-match';

const PAGE_SIZE = 50;
/** The ZIP route's limit (rest-adapter/console-files, BATCH_ZIP_REPORT_LIMIT). */
const ZIP_REPORT_LIMIT = 1000;

export default function ScreeningBatchPage({ id }: { id: string }) {
  const { t, formatDate, formatNumber } = useI18n();
  const role = useConsoleSession().data?.role;
  const { params, update } = useUrlFilters();
  const page = readPage(params);
  const matchedOnly = params.get('rows') === 'matched';
  const table = useRef<HTMLDivElement>(null);
  useRowNavigation(table);
  const query = useGraphQLQuery(
    ScreeningBatchJobDocument,
    { id, first: PAGE_SIZE, after: page.after, matchedOnly },
    {
      refetchInterval: (current) =>
        current.state.data?.screeningBatchJob && batchUnfinished(current.state.data.screeningBatchJob.status) ? BATCH_POLL_MS : false,
    },
  );
  const restart = useGraphQLMutation(RestartScreeningBatchDocument, ['ScreeningBatchJob', 'ScreeningBatchJobs']);
  const job = query.data?.screeningBatchJob;
  const shortId = id.slice(0, 8);
  useTitle(t('batch.jobTitle', { id: shortId }));

  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  if (!job)
    return (
      <>
        <BatchBreadcrumb last={shortId} />
        <PageHeader title={t('batch.notFound')} />
        <Empty title={t('batch.notFoundHint')}>
          <Link href="/screening/batches">{t('batch.backToList')}</Link>
        </Empty>
      </>
    );
  const rows = job.results.nodes;
  return (
    <>
      <BatchBreadcrumb last={shortId} />
      <PageHeader
        title={t('batch.jobTitle', { id: shortId })}
        subtitle={<span className="mono">{job.id}</span>}
        actions={
          <div className="action-group">
            {job.matched > 0 && job.matched <= ZIP_REPORT_LIMIT && (
              <a className="button" href={`/console/files/screening/batches/${job.id}/reports.zip`} download>
                {t('batch.zip')}
              </a>
            )}
            <Link href={`/screening/history?job=${encodeURIComponent(job.id)}`} className="button">
              {t('batch.inHistory')}
            </Link>
          </div>
        }
      />
      <JobProgress job={job} />
      {job.status === 'failed' && (
        <div className="alert alert-error" role="alert">
          <span>{t('batch.failed', { error: job.error ?? '—' })}</span>
          {roleAtLeast(role, 'analyst') && (
            <button type="button" className="button" disabled={restart.isPending} onClick={() => restart.mutate({ id: job.id })}>
              {restart.isPending ? t('batch.restarting') : t('batch.restart')}
            </button>
          )}
        </div>
      )}
      {restart.isError && (
        <p role="alert" className="error-text">
          {restart.error.message}
        </p>
      )}
      <section aria-labelledby="batch-results-title" className="results">
        <h2 id="batch-results-title" className="section-heading">
          {t('batch.results')}
        </h2>
        <fieldset className="toolbar">
          <legend className="sr-only">{t('batch.show')}</legend>
          <div className="segmented">
            {(['all', 'matched'] as const).map((value) => (
              <label key={value} className={(value === 'matched') === matchedOnly ? 'segment selected' : 'segment'}>
                <input
                  type="radio"
                  name="batch-rows"
                  value={value}
                  checked={(value === 'matched') === matchedOnly}
                  onChange={() => update({ rows: value === 'matched' ? 'matched' : undefined })}
                />
                {value === 'matched' ? t('batch.showMatched') : t('batch.showAll')}
              </label>
            ))}
          </div>
        </fieldset>
        {rows.length === 0 ? (
          <Empty title={matchedOnly ? t('batch.noMatchedRows') : t('batch.noRowsYet')} />
        ) : (
          <div className="table-wrap" ref={table}>
            <table className="table" data-testid="batch-results">
              <caption className="sr-only">{t('batch.results')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('batch.row')}</th>
                  <th scope="col">{t('screening.name')}</th>
                  <th scope="col">{t('history.matches')}</th>
                  <th scope="col" className="hide-narrow">
                    {t('batch.topMatch')}
                  </th>
                  <th scope="col">{t('batch.report')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const top = row.matches[0];
                  return (
                    <tr key={row.searchId}>
                      <td>{formatNumber(row.index + 1)}</td>
                      <td>
                        <Link href={`/screening/requests/${row.searchId}`} data-row-link className="row-link">
                          {row.name}
                        </Link>
                        <div className="muted small">
                          {row.type ? screeningWords(t, 'queryType', row.type) : t('screening.anyType')}
                          {row.customId ? ` · ${row.customId}` : ''}
                        </div>
                      </td>
                      <td>{formatNumber(row.matchCount)}</td>
                      <td className="hide-narrow">
                        {top ? (
                          <>
                            {top.listedName} <span className="muted small">({formatNumber(top.score, { maximumFractionDigits: 2 })})</span>{' '}
                            <StatusBadge value={top.reviewStatus} />
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td>
                        <a
                          href={`/console/files/screening/results/${row.searchId}/report`}
                          download
                          aria-label={t('batch.reportOf', { name: row.name })}
                        >
                          {t('batch.pdf')}
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          page={page}
          hasNext={job.results.pageInfo.hasNextPage}
          endCursor={job.results.pageInfo.endCursor}
          total={job.results.totalCount}
          shown={rows.length}
          go={(after, previous) => update({ after, prev: previous.join(',') || undefined }, true)}
        />
      </section>
      <p className="muted small">
        {t('batch.createdAt', { when: formatDate(job.createdAt) })}
        {job.finishedAt ? ` · ${t('batch.finishedAt', { when: formatDate(job.finishedAt) })}` : ''}
        {job.restarts > 0 ? ` · ${t('batch.restarts', { count: formatNumber(job.restarts) })}` : ''}
      </p>
    </>
  );
}

function JobProgress({ job }: { job: BatchJobSummaryFragment }) {
  const { t, formatNumber } = useI18n();
  const percent = job.total ? Math.floor((job.processed / job.total) * 100) : 0;
  return (
    <section className="panel batch-progress" aria-labelledby="batch-progress-title">
      <h2 id="batch-progress-title" className="panel-title">
        {t('batch.progress')} <StatusBadge value={job.status} />
      </h2>
      <div
        className="progress"
        role="progressbar"
        aria-labelledby="batch-progress-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('batch.progressText', { percent, processed: formatNumber(job.processed), total: formatNumber(job.total) })}
      >
        <progress className="progress-bar" value={percent} max={100} aria-hidden="true" />
      </div>
      <p className="muted" aria-live="polite">
        {t('batch.progressText', { percent, processed: formatNumber(job.processed), total: formatNumber(job.total) })} ·{' '}
        {t('batch.matchedCount', { count: formatNumber(job.matched) })}
      </p>
    </section>
  );
}
