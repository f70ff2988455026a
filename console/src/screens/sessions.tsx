// Every session of the workspace, newest first; filters: profile, review and flow status, all on the
// server (cursor paging stays correct under them), kept in the URL, with the API's total.
import { useSearchParams } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { IdvFlowStatus, IdvReviewStatus, SessionsDocument } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { Icon } from '../ui/icons';
import { useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { SessionTable } from '../ui/session-table';
import { Empty, PageHeader, QueryStates } from '../ui/states';
import { words } from '../ui/words';
import { FilterSelect } from '../ui/filter-select';

const REVIEW: IdvReviewStatus[] = ['pending', 'request_sent', 'requires_review', 'escalation', 'automatic_pass', 'accepted', 'rejected'];
const FLOW: IdvFlowStatus[] = ['collecting_artifacts', 'ready_for_assessment', 'queued', 'assessing', 'assessed', 'failed', 'canceled'];

export default function SessionsPage() {
  const { t } = useI18n();
  useTitle(t('nav.sessions'));
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const profileId = params.get('profile') ?? '';
  const review = params.get('review') ?? '';
  const flow = params.get('flow') ?? '';
  const query = useGraphQLQuery(SessionsDocument, {
    first: 50,
    after: page.after,
    profileId: profileId || undefined,
    statuses: FLOW.includes(flow as IdvFlowStatus) ? [flow as IdvFlowStatus] : undefined,
    reviewStatuses: REVIEW.includes(review as IdvReviewStatus) ? [review as IdvReviewStatus] : undefined,
  });
  // A filter change starts again at the first page (the cursors belong to the previous filter).
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (!('after' in changes)) {
          next.delete('after');
          next.delete('prev');
        }
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const rows = query.data?.verificationSessions.nodes ?? [];
  const filtered = Boolean(profileId || review || flow);
  return (
    <>
      <PageHeader title={t('sessions.title')} subtitle={t('sessions.subtitle')} />
      <div className="toolbar" role="search">
        <label className="input-icon">
          <Icon name="search" />
          <span className="sr-only">{t('sessions.profileFilter')}</span>
          <input
            type="search"
            data-search
            placeholder={t('sessions.profileFilter')}
            defaultValue={profileId}
            onKeyDown={(event) => {
              if (event.key === 'Enter') update({ profile: event.currentTarget.value.trim(), after: undefined, prev: undefined });
            }}
            onBlur={(event) => update({ profile: event.currentTarget.value.trim(), after: undefined, prev: undefined })}
          />
        </label>
        <FilterSelect
          label={t('sessions.review')}
          anyLabel={t('sessions.anyReview')}
          value={review}
          options={REVIEW.map((value) => ({ value, label: words(t, 'status', value) }))}
          onChange={(value) => update({ review: value })}
        />
        <FilterSelect
          label={t('sessions.flow')}
          anyLabel={t('sessions.anyFlow')}
          value={flow}
          options={FLOW.map((value) => ({ value, label: words(t, 'status', value) }))}
          onChange={(value) => update({ flow: value })}
        />
      </div>
      <QueryStates
        query={query}
        isEmpty={rows.length === 0}
        empty={<Empty title={filtered ? t('sessions.noneMatch') : t('sessions.empty')} />}
      >
        {() => <SessionTable rows={rows} hrefBase="/sessions" caption={t('sessions.title')} />}
      </QueryStates>
      {query.data && (
        <Pager
          page={page}
          hasNext={query.data.verificationSessions.pageInfo.hasNextPage}
          endCursor={query.data.verificationSessions.pageInfo.endCursor}
          total={query.data.verificationSessions.totalCount}
          shown={rows.length}
          go={(after, previous) => update({ after, prev: previous.join(',') || undefined })}
        />
      )}
    </>
  );
}
