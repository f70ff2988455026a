// The monitoring alerts inbox: new (open) or acknowledged, all, mine or unassigned, newest first,
// paged by cursor; filters and page live in the URL.
import { useRef } from 'react';
import { Link } from 'wouter';
import { useConsoleSession, useGraphQLQuery } from '../api/queries';
import { MonitoringAlertsDocument, MonitoringAlertStatus } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { codeWords } from '../ui/code-words';
import { FilterSelect } from '../ui/filter-select';
import { useRowNavigation, useTitle } from '../ui/keys';
import { Pager, readPage } from '../ui/pager';
import { Empty, PageHeader, QueryStates } from '../ui/states';
import { useUrlFilters } from '../ui/url-filters';

const PAGE_SIZE = 25;

export default function MonitoringAlertsPage() {
  const { t, formatDate } = useI18n();
  useTitle(t('nav.monitoring'));
  const session = useConsoleSession().data;
  const { params, update } = useUrlFilters();
  const page = readPage(params);
  // New alerts first: the inbox opens on the open ones; `status=all` shows every alert.
  const statusParam = params.get('status') ?? 'open';
  const status = statusParam === 'all' ? undefined : (statusParam as MonitoringAlertStatus);
  const assigned = params.get('assigned') ?? '';
  const table = useRef<HTMLDivElement>(null);
  useRowNavigation(table);
  const query = useGraphQLQuery(MonitoringAlertsDocument, {
    first: PAGE_SIZE,
    after: page.after,
    status,
    assignee: assigned === 'me' ? session?.user.id : undefined,
    unassigned: assigned === 'none' ? true : undefined,
  });
  const rows = query.data?.monitoringAlerts.nodes ?? [];
  return (
    <>
      <PageHeader
        title={t('monitoring.title')}
        subtitle={t('monitoring.subtitle')}
        actions={
          <Link href="/monitoring/settings" className="button">
            {t('monitoring.settings')}
          </Link>
        }
      />
      <div className="toolbar" role="search" aria-label={t('monitoring.filters')}>
        <FilterSelect
          label={t('monitoring.status')}
          anyLabel={t('monitoring.allAlerts')}
          value={statusParam === 'all' ? '' : statusParam}
          options={[
            { value: 'open', label: t('monitoring.new') },
            { value: 'acknowledged', label: t('monitoring.acknowledged') },
          ]}
          onChange={(value) => update({ status: value || 'all' })}
        />
        <FilterSelect
          label={t('monitoring.assignee')}
          anyLabel={t('monitoring.anyAssignee')}
          value={assigned}
          options={[
            { value: 'me', label: t('monitoring.assignedToMe') },
            { value: 'none', label: t('monitoring.unassigned') },
          ]}
          onChange={(value) => update({ assigned: value })}
        />
      </div>
      <QueryStates
        query={query}
        isEmpty={rows.length === 0}
        empty={<Empty title={statusParam === 'open' && !assigned ? t('monitoring.emptyNew') : t('monitoring.noMatch')} />}
      >
        {() => (
          <div className="table-wrap" ref={table}>
            <table className="table">
              <caption className="sr-only">{t('monitoring.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('monitoring.profile')}</th>
                  <th scope="col">{t('monitoring.status')}</th>
                  <th scope="col" className="hide-narrow">
                    {t('monitoring.trigger')}
                  </th>
                  <th scope="col" className="hide-narrow">
                    {t('monitoring.matches')}
                  </th>
                  <th scope="col" className="hide-narrow">
                    {t('monitoring.assignee')}
                  </th>
                  <th scope="col">{t('monitoring.raised')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((alert) => (
                  <tr key={alert.id}>
                    <td>
                      <Link href={`/monitoring/${alert.id}`} data-row-link className="row-link">
                        {alert.search?.profile?.name ?? alert.search?.name ?? alert.profileId}
                      </Link>
                      <div className="muted small mono">{alert.id}</div>
                    </td>
                    <td>
                      <StatusBadge value={alert.status === 'open' ? 'alert_open' : 'acknowledged'} />
                    </td>
                    <td className="hide-narrow">{codeWords(t, 'trigger', alert.trigger)}</td>
                    <td className="hide-narrow">{alert.matchCount}</td>
                    <td className="hide-narrow">
                      {alert.assignee ? (alert.assignee === session?.user.id ? t('monitoring.you') : alert.assignee) : '—'}
                    </td>
                    <td>
                      <time dateTime={alert.createdAt}>{formatDate(alert.createdAt)}</time>
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
          hasNext={query.data.monitoringAlerts.pageInfo.hasNextPage}
          endCursor={query.data.monitoringAlerts.pageInfo.endCursor}
          total={query.data.monitoringAlerts.totalCount}
          shown={rows.length}
          go={(after, previous) => update({ after, prev: previous.join(',') || undefined }, true)}
        />
      )}
    </>
  );
}
