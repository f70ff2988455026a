// Analytics: the workspace's figures over a date range kept in the URL (?from=yyyy-mm-dd&to=yyyy-mm-dd,
// both days included, UTC), from one query every subgraph answers its share of (workspaceAnalytics).
// Each chart has a table view with the same numbers; decision times are plain figures. The figures'
// definitions are in docs/graphql.md "Workspace analytics".
import { Link } from 'wouter';
import { useGraphQLQuery } from '../api/queries';
import { WorkspaceAnalyticsDocument, WorkspaceAnalyticsQuery } from '../graphql/generated';
import type { MessageKey } from '../i18n/en';
import { Translate, useI18n } from '../i18n/i18n';
import { ChartCategory, ChartPanel } from '../ui/charts';
import { DateRangeFilter } from '../ui/date-range-filter';
import { useTitle } from '../ui/keys';
import { ErrorState, Loading, PageHeader } from '../ui/states';
import { useUrlFilters } from '../ui/url-filters';

const DAY = 86_400_000;
/** The API's limit: at most 366 days in one range. */
const MAX_DAYS = 366;
const PRESETS = [7, 30, 90, 365] as const;

const isoDate = (at: Date) => at.toISOString().slice(0, 10);
const parseDay = (value: string | null): Date | null => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(day.getTime()) ? null : day;
};

/** The last `days` days up to today (UTC), as URL dates. */
function lastDays(days: number): { from: string; to: string } {
  const today = parseDay(isoDate(new Date()))!;
  return { from: isoDate(new Date(today.getTime() - (days - 1) * DAY)), to: isoDate(today) };
}

/** Seconds as the largest two units (2 d 4 h, 3 h 5 min, 45 s). */
export function formatDuration(t: Translate, seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return t('analytics.seconds', { n: s });
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return t('analytics.minutes', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('analytics.hoursMinutes', { h: hours, m: minutes % 60 });
  return t('analytics.daysHours', { d: Math.floor(hours / 24), h: hours % 24 });
}

export default function AnalyticsPage() {
  const { t } = useI18n();
  useTitle(t('nav.analytics'));
  const { params, update } = useUrlFilters();
  const fallback = lastDays(30);
  const fromText = params.get('from') ?? fallback.from;
  const toText = params.get('to') ?? fallback.to;
  const from = parseDay(fromText);
  const to = parseDay(toText);
  const days = from && to ? Math.round((to.getTime() - from.getTime()) / DAY) + 1 : 0;
  const problem: MessageKey | null =
    !from || !to ? 'analytics.rangeInvalid' : days < 1 ? 'analytics.rangeOrder' : days > MAX_DAYS ? 'analytics.rangeTooLong' : null;
  const input = { from: from?.toISOString() ?? '', to: to ? new Date(to.getTime() + DAY).toISOString() : '' };
  const query = useGraphQLQuery(WorkspaceAnalyticsDocument, { input }, { enabled: problem === null });
  return (
    <>
      <PageHeader title={t('analytics.title')} subtitle={t('analytics.subtitle')} />
      <div className="analytics-range">
        <DateRangeFilter
          fromLabel={t('analytics.from')}
          toLabel={t('analytics.to')}
          from={fromText}
          to={toText}
          onChange={(range) => update({ from: range.from, to: range.to })}
        />
        <nav className="analytics-presets" aria-label={t('analytics.presets')}>
          {PRESETS.map((preset) => {
            const range = lastDays(preset);
            const current = range.from === fromText && range.to === toText;
            return (
              <Link
                key={preset}
                href={`/analytics?from=${range.from}&to=${range.to}`}
                className={current ? 'button button-primary' : 'button'}
                aria-current={current ? 'page' : undefined}
              >
                {t('analytics.lastDays', { n: preset })}
              </Link>
            );
          })}
        </nav>
      </div>
      {problem ? (
        <p className="alert alert-error" role="alert">
          {t(problem, { max: MAX_DAYS })}
        </p>
      ) : query.isPending ? (
        <Loading />
      ) : query.isError || !query.data ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Figures data={query.data.workspaceAnalytics} />
      )}
    </>
  );
}

function Figures({ data }: { data: WorkspaceAnalyticsQuery['workspaceAnalytics'] }) {
  const { t, locale, formatNumber } = useI18n();
  const count = (value: number) => formatNumber(value);
  const percent = (value: number) => formatNumber(value, { style: 'percent', maximumFractionDigits: 0 });
  const duration = (value: number) => formatDuration(t, value);
  const dayShort = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayLong = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const days: ChartCategory[] = data.screeningDays.map((row) => ({
    label: dayShort.format(new Date(row.day)),
    long: dayLong.format(new Date(row.day)),
  }));
  const week = (row: { isoWeek: string; weekStart: string }): ChartCategory => ({
    label: row.isoWeek.slice(5),
    long: t('analytics.weekOf', { week: row.isoWeek, start: dayLong.format(new Date(row.weekStart)) }),
  });
  const queues = [
    { label: t('analytics.queue.idv'), value: data.idvReviewQueue },
    { label: t('analytics.queue.matches'), value: data.matchReviewQueue },
    { label: t('analytics.queue.alerts'), value: data.monitoringAlertQueue },
    { label: t('analytics.queue.fourEyes'), value: data.fourEyesQueue },
  ];
  const decisions = [
    { label: t('analytics.decision.matches'), value: data.matchDecisionTime },
    { label: t('analytics.decision.alerts'), value: data.alertDecisionTime },
    { label: t('analytics.decision.idv'), value: data.idvDecisionTime },
  ];
  return (
    <div className="analytics-grid">
      <ChartPanel
        testId="chart-screenings"
        title={t('analytics.screenings.title')}
        description={t('analytics.screenings.help')}
        categoryHeading={t('analytics.day')}
        categories={days}
        series={[
          { label: t('analytics.screenings'), fill: 'solid', values: data.screeningDays.map((row) => row.screenings) },
          { label: t('analytics.alerts'), fill: 'hatch', values: data.screeningDays.map((row) => row.monitoringAlerts) },
        ]}
        tableColumns={[
          { label: t('analytics.withMatches'), values: data.screeningDays.map((row) => row.screeningsWithMatches), format: count },
        ]}
        format={count}
        emptyText={t('analytics.screenings.empty')}
      />
      <ChartPanel
        testId="chart-false-positives"
        title={t('analytics.falsePositives.title')}
        description={t('analytics.falsePositives.help')}
        categoryHeading={t('analytics.week')}
        categories={data.matchReviewWeeks.map(week)}
        series={[
          { label: t('analytics.falsePositiveRate'), fill: 'solid', values: data.matchReviewWeeks.map((row) => row.falsePositiveRate) },
        ]}
        tableColumns={[
          { label: t('analytics.reviewed'), values: data.matchReviewWeeks.map((row) => row.reviewed), format: count },
          { label: t('analytics.falsePositivesCount'), values: data.matchReviewWeeks.map((row) => row.falsePositives), format: count },
        ]}
        format={percent}
        max={1}
        emptyText={t('analytics.falsePositives.empty')}
      />
      <ChartPanel
        testId="chart-idv-outcomes"
        title={t('analytics.idv.title')}
        description={t('analytics.idv.help')}
        categoryHeading={t('analytics.week')}
        categories={data.idvOutcomeWeeks.map(week)}
        series={[
          { label: t('analytics.idv.automaticPass'), fill: 'solid', values: data.idvOutcomeWeeks.map((row) => row.automaticPass) },
          { label: t('analytics.idv.sentToReview'), fill: 'hatch', values: data.idvOutcomeWeeks.map((row) => row.sentToReview) },
          { label: t('analytics.idv.rejected'), fill: 'dots', values: data.idvOutcomeWeeks.map((row) => row.rejected) },
        ]}
        format={count}
        emptyText={t('analytics.idv.empty')}
      />
      <ChartPanel
        testId="chart-queues"
        title={t('analytics.queues.title')}
        description={t('analytics.queues.help')}
        categoryHeading={t('analytics.queue')}
        categories={queues.map((queue) => ({ label: queue.label, long: queue.label }))}
        series={[
          { label: t('analytics.oldest'), fill: 'solid', values: queues.map((queue) => queue.value.oldestSeconds) },
          { label: t('analytics.median'), fill: 'hatch', values: queues.map((queue) => queue.value.medianSeconds) },
        ]}
        tableColumns={[{ label: t('analytics.waiting'), values: queues.map((queue) => queue.value.waiting), format: count }]}
        format={duration}
        emptyText={t('analytics.queues.empty')}
      />
      <section className="panel analytics-wide" aria-labelledby="decision-times" data-testid="decision-times">
        <h2 id="decision-times" className="panel-title">
          {t('analytics.decisions.title')}
        </h2>
        <p className="muted small chart-description">{t('analytics.decisions.help')}</p>
        <ul className="analytics-stats">
          {decisions.map((decision) => (
            <li key={decision.label} className="analytics-stat">
              <span className="muted small">{decision.label}</span>
              <span className="analytics-stat-value">
                {decision.value.medianSeconds === null ? '—' : duration(decision.value.medianSeconds)}
              </span>
              <span className="muted small">{t('analytics.decisions.count', { n: count(decision.value.decisions) })}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
