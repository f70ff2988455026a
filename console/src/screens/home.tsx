// Home: what waits for people (sessions to review, escalations, open monitoring alerts) and what
// happened lately (the newest sessions and profile changes).
import { Link } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { HomeOverviewDocument, QueueCountFragment } from '../graphql/generated';
import { useI18n } from '../i18n/i18n';
import { StatusBadge } from '../ui/badges';
import { Empty, ErrorState, Loading, PageHeader } from '../ui/states';
import { useTitle } from '../ui/keys';

export default function HomePage() {
  const { t, formatRelative } = useI18n();
  useTitle(t('nav.home'));
  const query = useGraphQLQuery(HomeOverviewDocument, {}, { refetchInterval: 60_000 });
  return (
    <>
      <PageHeader title={t('home.title')} subtitle={t('home.subtitle')} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : (
        <>
          <section aria-labelledby="queues-title">
            <h2 id="queues-title" className="section-title">
              {t('home.queues')}
            </h2>
            <ul className="counters">
              <Counter href="/review" label={t('home.awaitingReview')} value={queueCount(query.data.awaitingReview)} tone="warn" />
              <Counter href="/review" label={t('home.escalated')} value={queueCount(query.data.escalated)} tone="bad" />
              <Counter label={t('home.openAlerts')} value={query.data.openAlerts.totalCount} tone="info" />
              <Counter href="/profiles" label={t('home.profiles')} value={query.data.profiles.totalCount} tone="neutral" />
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
            <section aria-labelledby="recent-profiles" className="panel">
              <h2 id="recent-profiles" className="panel-title">
                {t('home.recentProfiles')}
              </h2>
              {query.data.recentProfiles.nodes.length === 0 ? (
                <Empty title={t('profiles.empty')} />
              ) : (
                <ul className="activity">
                  {query.data.recentProfiles.nodes.map((profile) => (
                    <li key={profile.id}>
                      <Link href={`/profiles/${profile.id}`}>{profile.name}</Link>
                      <StatusBadge value={profile.status} />
                      <time className="muted" dateTime={profile.updatedAt}>
                        {formatRelative(profile.updatedAt)}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </>
      )}
    </>
  );
}

/** A queue's size: its totalCount, else the sessions of the page read (with + when more follow). */
function queueCount(queue: QueueCountFragment): number | string {
  if (queue.totalCount !== null) return queue.totalCount;
  return queue.pageInfo.hasNextPage ? `${queue.nodes.length}+` : queue.nodes.length;
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
