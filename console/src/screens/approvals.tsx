// Four eyes: the queue of proposals waiting for a second person (pending by default; status and kind
// filters and the cursor in the URL), and a proposal's page with its approve / reject form.
import { useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { FourEyesKind, FourEyesProposalDocument, FourEyesProposalStatus, FourEyesProposalsDocument } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { FilterSelect } from '../ui/filter-select';
import { decisionText, ProposalDecision, ProposalFields, ProposalObject, ProposalStatusBadge, usePersonName } from '../ui/four-eyes';
import { useRowNavigation, useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { Empty, ErrorState, Loading, PageHeader, QueryStates } from '../ui/states';

export const FOUR_EYES_KINDS: FourEyesKind[] = [
  'IDV_REVIEW_DECISION',
  'MATCH_REVIEW',
  'MATCH_CLEARANCE',
  'RISK_CONCLUSION',
  'SCREENING_SETTINGS',
];
const STATUSES: FourEyesProposalStatus[] = ['pending', 'approved', 'rejected', 'expired'];

export default function ApprovalsPage() {
  const { t, formatDate } = useI18n();
  useTitle(t('fourEyes.title'));
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  // Pending unless the URL says otherwise (`status=all` lists every status).
  const statusParam = params.get('status') ?? 'pending';
  const status = STATUSES.includes(statusParam as FourEyesProposalStatus) ? (statusParam as FourEyesProposalStatus) : undefined;
  const kindParam = params.get('kind') ?? '';
  const kind = FOUR_EYES_KINDS.includes(kindParam as FourEyesKind) ? (kindParam as FourEyesKind) : undefined;
  const query = useGraphQLQuery(FourEyesProposalsDocument, { first: 25, after: page.after, filter: { status, kind } });
  const nameOf = usePersonName();
  const table = useRef<HTMLDivElement>(null);
  useRowNavigation(table);
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
  const rows = query.data?.fourEyesProposals.nodes ?? [];
  return (
    <>
      <PageHeader
        title={t('fourEyes.title')}
        subtitle={t('fourEyes.subtitle')}
        actions={
          <Link href="/settings" className="button">
            {t('fourEyes.settingsLink')}
          </Link>
        }
      />
      <div className="toolbar" role="search">
        <label>
          <span className="sr-only">{t('fourEyes.status')}</span>
          <select
            value={status ?? 'all'}
            onChange={(event) => update({ status: event.target.value === 'pending' ? undefined : event.target.value })}
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`fourEyes.status.${value}`)}
              </option>
            ))}
            <option value="all">{t('fourEyes.anyStatus')}</option>
          </select>
        </label>
        <FilterSelect
          label={t('fourEyes.kind')}
          anyLabel={t('fourEyes.anyKind')}
          value={kind ?? ''}
          options={FOUR_EYES_KINDS.map((value) => ({ value, label: t(`fourEyes.kind.${value}`) }))}
          onChange={(value) => update({ kind: value })}
        />
      </div>
      <QueryStates
        query={query}
        isEmpty={rows.length === 0}
        empty={<Empty title={status === 'pending' && !kind ? t('fourEyes.empty') : t('fourEyes.noneMatch')} />}
      >
        {() => (
          <div className="table-wrap" ref={table}>
            <table className="table" data-testid="proposals">
              <caption className="sr-only">{t('fourEyes.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('fourEyes.kind')}</th>
                  <th scope="col">{t('fourEyes.object')}</th>
                  <th scope="col">{t('fourEyes.decision')}</th>
                  <th scope="col">{t('fourEyes.proposedBy')}</th>
                  <th scope="col">{t('fourEyes.expires')}</th>
                  <th scope="col">{t('fourEyes.status')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((proposal) => (
                  <tr key={proposal.id}>
                    <td>
                      <Link href={`/approvals/${proposal.id}`} data-row-link>
                        {t(`fourEyes.kind.${proposal.kind}`)}
                      </Link>
                    </td>
                    <td>
                      <ProposalObject proposal={proposal} />
                    </td>
                    <td>{decisionText(t, proposal)}</td>
                    <td>
                      {nameOf(proposal.proposedBy)}
                      <div className="muted small">
                        <time dateTime={proposal.proposedAt}>{formatDate(proposal.proposedAt)}</time>
                      </div>
                    </td>
                    <td>
                      <time dateTime={proposal.expiresAt}>{formatDate(proposal.expiresAt)}</time>
                    </td>
                    <td>
                      <ProposalStatusBadge status={proposal.status} />
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
          hasNext={query.data.fourEyesProposals.pageInfo.hasNextPage}
          endCursor={query.data.fourEyesProposals.pageInfo.endCursor}
          total={query.data.fourEyesProposals.totalCount}
          shown={rows.length}
          go={(after, previous) => update({ after, prev: previous.join(',') || undefined })}
        />
      )}
    </>
  );
}

export function ProposalPage({ id }: { id: string }) {
  const { t } = useI18n();
  useTitle(t('fourEyes.proposal'));
  const query = useGraphQLQuery(FourEyesProposalDocument, { id });
  const breadcrumb = (
    <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
      <Link href="/approvals">{t('nav.approvals')}</Link> <span aria-hidden="true">/</span> <span className="mono">{id}</span>
    </nav>
  );
  if (query.isPending) return <Loading />;
  const proposal = query.data?.fourEyesProposal;
  return (
    <>
      {breadcrumb}
      {query.isError ? (
        <>
          <PageHeader title={t('fourEyes.proposal')} />
          <ErrorState error={query.error} retry={() => void query.refetch()} />
        </>
      ) : !proposal ? (
        <>
          <PageHeader title={t('fourEyes.notFound')} />
          <Empty title={t('fourEyes.notFoundHint')}>
            <Link href="/approvals">{t('fourEyes.back')}</Link>
          </Empty>
        </>
      ) : (
        <>
          <PageHeader title={t(`fourEyes.kind.${proposal.kind}`)} subtitle={<ProposalStatusBadge status={proposal.status} />} />
          <div className="detail-grid">
            <section className="panel panel-wide" aria-labelledby="proposal-title">
              <h2 id="proposal-title" className="panel-title">
                {t('fourEyes.proposal')}
              </h2>
              <ProposalFields proposal={proposal} />
              <ProposalDecision key={proposal.id} proposal={proposal} />
            </section>
          </div>
        </>
      )}
    </>
  );
}
