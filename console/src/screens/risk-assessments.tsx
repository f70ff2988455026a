// Risk assessments of the workspace: filtered on the server by status, task status and profile,
// sorted by the API's keys, paged by cursor. Filters, sort and page live in the URL.
import { useRef } from 'react';
import { Link } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { AssessmentSortKey, AssessmentStatus, RiskAssessmentsDocument, SortDirection, TaskStatus } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { FilterSelect } from '../ui/filter-select';
import { useRowNavigation, useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { Empty, PageHeader, QueryStates } from '../ui/states';
import { useUrlFilters } from '../ui/url-filters';
import { codeWords } from '../ui/code-words';

export const ASSESSMENT_STATUSES: AssessmentStatus[] = [
  'draft',
  'running',
  'waiting_for_user',
  'interrupted',
  'ready_for_review',
  'reopened',
  'concluded',
  'cancelled',
  'failed',
];
export const TASK_STATUSES: TaskStatus[] = ['pending', 'in_progress', 'complete', 'incomplete', 'requires_review'];
const SORT_KEYS: AssessmentSortKey[] = ['updated_at', 'created_at', 'title', 'status'];
const PAGE_SIZE = 25;

export default function RiskAssessmentsPage() {
  const { t, formatDate } = useI18n();
  useTitle(t('nav.risk'));
  const { params, update } = useUrlFilters();
  const page = readPage(params);
  const status = params.get('status') ?? '';
  const task = params.get('task') ?? '';
  const profile = params.get('profile') ?? '';
  const sort = (params.get('sort') ?? '') as AssessmentSortKey | '';
  const direction = (params.get('dir') ?? '') as SortDirection | '';
  const table = useRef<HTMLDivElement>(null);
  useRowNavigation(table);
  const query = useGraphQLQuery(RiskAssessmentsDocument, {
    first: PAGE_SIZE,
    after: page.after,
    statuses: status ? (status.split(',') as AssessmentStatus[]) : undefined,
    taskStatuses: task ? (task.split(',') as TaskStatus[]) : undefined,
    profileId: profile || undefined,
    sortBy: sort || undefined,
    sortDirection: direction || undefined,
  });
  const rows = query.data?.riskAssessments.nodes ?? [];
  const filtered = Boolean(status || task || profile);
  return (
    <>
      <PageHeader title={t('risk.title')} subtitle={t('risk.subtitle')} />
      <div className="toolbar" role="search" aria-label={t('risk.filters')}>
        <FilterSelect
          label={t('risk.status')}
          anyLabel={t('risk.anyStatus')}
          value={status}
          options={ASSESSMENT_STATUSES.map((value) => ({ value, label: codeWords(t, 'status', value) }))}
          onChange={(value) => update({ status: value })}
        />
        <FilterSelect
          label={t('risk.taskStatus')}
          anyLabel={t('risk.anyTaskStatus')}
          value={task}
          options={TASK_STATUSES.map((value) => ({ value, label: t('risk.withTask', { status: codeWords(t, 'status', value) }) }))}
          onChange={(value) => update({ task: value })}
        />
        <FilterSelect
          label={t('risk.sortBy')}
          anyLabel={t('risk.sort.updated_at')}
          value={sort === 'updated_at' ? '' : sort}
          options={SORT_KEYS.filter((key) => key !== 'updated_at').map((value) => ({ value, label: t(`risk.sort.${value}`) }))}
          onChange={(value) => update({ sort: value })}
        />
        <FilterSelect
          label={t('risk.direction')}
          anyLabel={t('risk.desc')}
          value={direction === 'desc' ? '' : direction}
          options={[{ value: 'asc', label: t('risk.asc') }]}
          onChange={(value) => update({ dir: value })}
        />
        {profile && (
          <button type="button" className="button" onClick={() => update({ profile: undefined })}>
            {t('risk.profileFilter', { id: profile })} ×
          </button>
        )}
      </div>
      <QueryStates query={query} isEmpty={rows.length === 0} empty={<Empty title={filtered ? t('risk.noMatch') : t('risk.empty')} />}>
        {() => (
          <div className="table-wrap" ref={table}>
            <table className="table">
              <caption className="sr-only">{t('risk.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('risk.assessment')}</th>
                  <th scope="col">{t('risk.status')}</th>
                  <th scope="col">{t('risk.rating')}</th>
                  <th scope="col" className="hide-narrow">
                    {t('risk.toConfirm')}
                  </th>
                  <th scope="col" className="hide-narrow">
                    {t('risk.updated')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((assessment) => {
                  const overall = assessment.clientRiskRatings.find((rating) => !rating.subjectId);
                  return (
                    <tr key={assessment.id}>
                      <td>
                        <Link href={`/risk/${assessment.id}`} data-row-link className="row-link">
                          {assessment.title}
                        </Link>
                        <div className="muted small">{assessment.subjects.map((subject) => subject.name).join(', ')}</div>
                      </td>
                      <td>
                        <StatusBadge value={assessment.status} />
                      </td>
                      <td>{overall ? <RatingBadge rating={overall.rating} /> : <span className="muted">—</span>}</td>
                      <td className="hide-narrow">{assessment.taskStatusCounts.requiresReview || '—'}</td>
                      <td className="hide-narrow">
                        <time dateTime={assessment.updatedAt}>{formatDate(assessment.updatedAt)}</time>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryStates>
      {query.data && (
        <Pager
          page={page}
          hasNext={query.data.riskAssessments.pageInfo.hasNextPage}
          endCursor={query.data.riskAssessments.pageInfo.endCursor}
          total={query.data.riskAssessments.totalCount}
          shown={rows.length}
          go={(after, previous) => update({ after, prev: previous.join(',') || undefined }, true)}
        />
      )}
    </>
  );
}

const RATING_TONES: Record<string, string> = { low: 'good', medium: 'warn', high: 'bad', prohibited: 'bad' };

/** A client risk rating band in words, coloured by how bad it is (the word carries the meaning). */
export function RatingBadge({ rating }: { rating: string }) {
  const { t } = useI18n();
  return (
    <span className={`badge badge-${RATING_TONES[rating] ?? 'neutral'}`} data-rating={rating}>
      {codeWords(t, 'rating', rating)}
    </span>
  );
}
