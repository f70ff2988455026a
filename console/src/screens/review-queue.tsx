// The review desk's queue: sessions that need a human (requires_review, escalation), oldest first,
// filtered on the server by flow, failing reason code and "assigned to me". Filters live in the URL.
import { useSearchParams } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { IdvWorkflowOptionsDocument, ReviewQueueDocument } from '../graphql/generated';
import { en } from '../i18n/en';
import { useI18n } from '../i18n/i18n';
import { useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { SessionTable } from '../ui/session-table';
import { Empty, PageHeader, QueryStates } from '../ui/states';
import { words } from '../ui/words';
import { FilterSelect } from '../ui/filter-select';

/** The reason codes the catalogue names (the filter offers those; the API takes any code). */
const REASON_CODES = Object.keys(en)
  .filter((key) => key.startsWith('reason.'))
  .map((key) => key.slice('reason.'.length))
  .sort();

export default function ReviewQueuePage() {
  const { t, formatNumber } = useI18n();
  useTitle(t('nav.review'));
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const workflow = params.get('workflow') ?? '';
  const reason = params.get('reason') ?? '';
  const mine = params.get('mine') === '1';
  const workflows = useGraphQLQuery(IdvWorkflowOptionsDocument, {});
  const query = useGraphQLQuery(
    ReviewQueueDocument,
    {
      first: 50,
      after: page.after,
      workflowIds: workflow ? [workflow] : undefined,
      reasonCodes: reason ? [reason] : undefined,
      assignedToMe: mine || undefined,
    },
    { refetchInterval: 30_000 },
  );
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('after');
        next.delete('prev');
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const filtered = Boolean(workflow || reason || mine);
  return (
    <>
      <PageHeader
        title={t('review.title')}
        subtitle={
          <>
            {t('review.subtitle')}
            {typeof query.data?.idvReviewQueue.totalCount === 'number' && (
              <span className="badge badge-warn" data-testid="queue-total">
                {t(filtered ? 'review.totalFiltered' : 'review.total', { count: formatNumber(query.data.idvReviewQueue.totalCount) })}
              </span>
            )}
          </>
        }
      />
      <div className="toolbar" role="search" aria-label={t('review.filters')}>
        <FilterSelect
          label={t('review.workflow')}
          anyLabel={t('review.anyWorkflow')}
          value={workflow}
          options={(workflows.data?.idvWorkflows.nodes ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
          onChange={(value) => update({ workflow: value })}
        />
        <FilterSelect
          label={t('review.reason')}
          anyLabel={t('review.anyReason')}
          value={reason}
          options={REASON_CODES.map((code) => ({ value: code, label: words(t, 'reason', code) }))}
          onChange={(value) => update({ reason: value })}
        />
        <label className="checkbox">
          <input type="checkbox" checked={mine} onChange={(event) => update({ mine: event.target.checked ? '1' : undefined })} />
          {t('review.assignedToMe')}
        </label>
      </div>
      <QueryStates
        query={query}
        isEmpty={query.data?.idvReviewQueue.nodes.length === 0}
        empty={
          <Empty title={filtered ? t('review.noMatch') : t('review.empty')}>
            <p className="muted">{t('review.emptyHint')}</p>
          </Empty>
        }
      >
        {(data) => (
          <>
            <SessionTable rows={data.idvReviewQueue.nodes} hrefBase="/review" caption={t('review.title')} />
            <Pager
              page={page}
              hasNext={data.idvReviewQueue.pageInfo.hasNextPage}
              endCursor={data.idvReviewQueue.pageInfo.endCursor}
              total={data.idvReviewQueue.totalCount}
              shown={data.idvReviewQueue.nodes.length}
              go={(after, previous) =>
                setParams((current) => {
                  const next = new URLSearchParams(current);
                  if (after) next.set('after', after);
                  else next.delete('after');
                  if (previous.length) next.set('prev', previous.join(','));
                  else next.delete('prev');
                  return next;
                })
              }
            />
          </>
        )}
      </QueryStates>
    </>
  );
}
