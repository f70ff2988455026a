// The review desk's queue: sessions that need a human (requires_review, escalation), oldest first.
import { useSearchParams } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { ReviewQueueDocument } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { SessionTable } from '../ui/session-table';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';

export default function ReviewQueuePage() {
  const { t } = useI18n();
  useTitle(t('nav.review'));
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const query = useGraphQLQuery(ReviewQueueDocument, { first: 50, after: page.after }, { refetchInterval: 30_000 });
  return (
    <>
      <PageHeader title={t('review.title')} subtitle={t('review.subtitle')} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : query.data.idvReviewQueue.nodes.length === 0 ? (
        <Empty title={t('review.empty')}>
          <p className="muted">{t('review.emptyHint')}</p>
        </Empty>
      ) : (
        <>
          <SessionTable rows={query.data.idvReviewQueue.nodes} hrefBase="/review" caption={t('review.title')} />
          <Pager
            page={page}
            hasNext={query.data.idvReviewQueue.pageInfo.hasNextPage}
            endCursor={query.data.idvReviewQueue.pageInfo.endCursor}
            total={query.data.idvReviewQueue.totalCount}
            shown={query.data.idvReviewQueue.nodes.length}
            go={(after, previous) => setParams({ ...(after ? { after } : {}), ...(previous.length ? { prev: previous.join(',') } : {}) })}
          />
        </>
      )}
    </>
  );
}
