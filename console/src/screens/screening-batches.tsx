// Batch screening jobs of the workspace, newest first: state, counts (screened, matched, of all),
// created; a state filter on the server (`status`) and cursor paging, both in the URL. While a job
// on the page runs, the list reads again every few seconds so its counts move.
import { useRef } from 'react';
import { Link } from 'wouter';
import { roleAtLeast } from '../api/auth';
import { useConsoleSession, useGraphQLQuery } from '../api/queries';
import { BatchJobStatus, ScreeningBatchJobsDocument } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { FilterSelect } from '../ui/filter-select';
import { useRowNavigation, useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { Empty, PageHeader, QueryStates } from '../ui/states';
import { useUrlFilters } from '../ui/url-filters';

const PAGE_SIZE = 25;
export const BATCH_STATUSES: BatchJobStatus[] = ['queued', 'running', 'completed', 'failed'];
/** How often a page showing an unfinished job reads it again. */
export const BATCH_POLL_MS = 1500;

export function batchUnfinished(status: BatchJobStatus): boolean {
  return status === 'queued' || status === 'running';
}

export function BatchBreadcrumb({ last }: { last?: string }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
      <Link href="/screening">{t('nav.screening')}</Link> <span aria-hidden="true">/</span>{' '}
      {last ? (
        <>
          <Link href="/screening/batches">{t('batch.title')}</Link> <span aria-hidden="true">/</span> <span>{last}</span>
        </>
      ) : (
        <span>{t('batch.title')}</span>
      )}
    </nav>
  );
}

export default function ScreeningBatchesPage() {
  const { t, formatDate, formatNumber } = useI18n();
  useTitle(t('batch.title'));
  const role = useConsoleSession().data?.role;
  const { params, update } = useUrlFilters();
  const page = readPage(params);
  const statusParam = params.get('status') ?? '';
  const status = BATCH_STATUSES.includes(statusParam as BatchJobStatus) ? (statusParam as BatchJobStatus) : undefined;
  const table = useRef<HTMLDivElement>(null);
  useRowNavigation(table);
  const query = useGraphQLQuery(
    ScreeningBatchJobsDocument,
    { first: PAGE_SIZE, after: page.after, status },
    {
      refetchInterval: (current) =>
        current.state.data?.screeningBatchJobs.nodes.some((job) => batchUnfinished(job.status)) ? BATCH_POLL_MS * 2 : false,
    },
  );
  const rows = query.data?.screeningBatchJobs.nodes ?? [];
  const canSubmit = roleAtLeast(role, 'analyst');
  return (
    <>
      <BatchBreadcrumb />
      <PageHeader
        title={t('batch.title')}
        subtitle={t('batch.subtitle')}
        actions={
          canSubmit ? (
            <Link href="/screening/batches/new" className="button button-primary">
              {t('batch.new')}
            </Link>
          ) : undefined
        }
      />
      <div className="toolbar" role="search" aria-label={t('batch.filters')}>
        <FilterSelect
          label={t('batch.status')}
          anyLabel={t('batch.anyStatus')}
          value={status ?? ''}
          options={BATCH_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          onChange={(value) => update({ status: value || undefined })}
        />
      </div>
      <QueryStates
        query={query}
        isEmpty={rows.length === 0}
        empty={
          <Empty title={status ? t('batch.noMatch') : t('batch.empty')}>
            {!status && canSubmit && <Link href="/screening/batches/new">{t('batch.new')}</Link>}
          </Empty>
        }
      >
        {() => (
          <div className="table-wrap" ref={table}>
            <table className="table">
              <caption className="sr-only">{t('batch.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('batch.job')}</th>
                  <th scope="col">{t('batch.status')}</th>
                  <th scope="col">{t('batch.screened')}</th>
                  <th scope="col">{t('batch.matched')}</th>
                  <th scope="col" className="hide-narrow">
                    {t('batch.created')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((job) => (
                  <tr key={job.id}>
                    <td>
                      <Link href={`/screening/batches/${job.id}`} data-row-link className="row-link mono">
                        {job.id.slice(0, 8)}
                      </Link>
                      <div className="muted small">{t('batch.entities', { count: formatNumber(job.total) })}</div>
                    </td>
                    <td>
                      <StatusBadge value={job.status} />
                    </td>
                    <td>
                      {formatNumber(job.processed)} / {formatNumber(job.total)}
                    </td>
                    <td>{formatNumber(job.matched)}</td>
                    <td className="hide-narrow">
                      <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
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
          hasNext={query.data.screeningBatchJobs.pageInfo.hasNextPage}
          endCursor={query.data.screeningBatchJobs.pageInfo.endCursor}
          total={query.data.screeningBatchJobs.totalCount}
          shown={rows.length}
          go={(after, previous) => update({ after, prev: previous.join(',') || undefined }, true)}
        />
      )}
    </>
  );
}
