// Home: what waits for people (the API's work queue counts) and what happened lately (the
// workspace's activity and the newest sessions).
import { Link } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { HomeOverviewDocument, HomeOverviewQuery } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { useTitle } from '../ui/keys';
import { words } from '../ui/words';

export default function HomePage() {
  const { t, formatRelative } = useI18n();
  useTitle(t('nav.home'));
  const query = useGraphQLQuery(HomeOverviewDocument, {}, { refetchInterval: 60_000 });
  const queues = query.data?.workQueues;
  return (
    <>
      <PageHeader title={t('home.title')} subtitle={t('home.subtitle')} />
      {query.isPending ? (
        <Loading />
      ) : query.isError || !queues ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : (
        <>
          <section aria-labelledby="queues-title">
            <h2 id="queues-title" className="section-title">
              {t('home.queues')}
            </h2>
            <ul className="counters">
              <Counter href="/review" label={t('home.awaitingReview')} value={queues.idvAwaitingReview} tone="warn" />
              <Counter href="/review?mine=1" label={t('home.assignedToMe')} value={queues.idvAssignedToMe} tone="info" />
              <Counter href="/review" label={t('home.unassigned')} value={queues.idvUnassigned} tone="neutral" />
              <Counter
                href="/profiles?status=in_review"
                label={t('home.profilesAwaitingReview')}
                value={queues.profilesAwaitingReview}
                tone="warn"
              />
              <Counter href="/approvals" label={t('home.fourEyesPending')} value={queues.fourEyesPending} tone="info" />
              <Counter label={t('home.screeningMatches')} value={queues.unresolvedScreeningMatches} tone="bad" />
              <Counter href="/monitoring" label={t('home.openAlerts')} value={queues.openMonitoringAlerts} tone="info" />
              <Counter
                href="/risk?status=waiting_for_user"
                label={t('home.riskWaiting')}
                value={queues.riskAssessmentsWaitingForUser}
                tone="neutral"
              />
            </ul>
          </section>
          <div className="two-columns">
            <section aria-labelledby="recent-sessions" className="panel">
              <h2 id="recent-sessions" className="panel-title">
                {t('home.recentSessions')}
              </h2>
              {query.data.recentSessions.nodes.length === 0 ? (
                <Empty title={t('home.noSessions')} />
              ) : (
                <ul className="activity">
                  {query.data.recentSessions.nodes.map((session) => (
                    <li key={session.id}>
                      <Link href={`/sessions/${session.id}`}>{session.profile.name}</Link>
                      <StatusBadge value={session.reviewStatus} />
                      <time className="muted" dateTime={session.createdAt}>
                        {formatRelative(session.createdAt)}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="activity-title" className="panel">
              <h2 id="activity-title" className="panel-title">
                {t('home.activity')}
              </h2>
              <Activity events={query.data.workspaceActivity} />
            </section>
          </div>
        </>
      )}
    </>
  );
}

/** The workspace's latest events, newest first, each linked to what it is about when it has a page. */
function Activity({ events }: { events: HomeOverviewQuery['workspaceActivity'] }) {
  const { t, formatRelative } = useI18n();
  if (events.length === 0) return <Empty title={t('home.noActivity')} />;
  return (
    <ul className="activity">
      {events.map((event) => {
        const href =
          event.subjectType === 'idv.session'
            ? `/sessions/${event.subjectId}`
            : event.profileId
              ? `/profiles/${event.profileId}`
              : event.subjectType === 'profile'
                ? `/profiles/${event.subjectId}`
                : undefined;
        const label = words(t, 'activity', event.type);
        return (
          <li key={event.id}>
            {href ? <Link href={href}>{label}</Link> : <span>{label}</span>}
            <time className="muted" dateTime={event.occurredAt}>
              {formatRelative(event.occurredAt)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

function Counter({ href, label, value, tone }: { href?: string; label: string; value: number | string | null | undefined; tone: string }) {
  const { formatNumber } = useI18n();
  const body = (
    <>
      <span className="counter-value">
        {value === null || value === undefined ? '—' : typeof value === 'number' ? formatNumber(value) : value}
      </span>
      <span className="counter-label">{label}</span>
    </>
  );
  return <li className={`counter counter-${tone}`}>{href ? <Link href={href}>{body}</Link> : <div>{body}</div>}</li>;
}
