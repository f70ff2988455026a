// The date range of the console's analytics (GraphQL workspaceAnalytics): checked the same way by
// every subgraph that answers a share of it, each raising its own domain's error. Pure: no I/O.

/** The longest range one request may span (a leap year of days). */
export const ANALYTICS_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** A half-open instant range [from, to). */
export interface AnalyticsRange {
  from: Date;
  to: Date;
}

/** Why a range was refused, naming the input field. */
export interface AnalyticsRangeProblem {
  field: 'from' | 'to';
  message: string;
}

/** A Date from a DateTime argument (already a Date) or an entity representation's key (ISO text). */
function instantOf(value: unknown): Date | null {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** The range, or why it is refused: both instants valid, `from` before `to`, at most 366 days apart. */
export function checkAnalyticsRange(from: unknown, to: unknown): AnalyticsRange | AnalyticsRangeProblem {
  const start = instantOf(from);
  if (!start) return { field: 'from', message: 'from: must be a date-time' };
  const end = instantOf(to);
  if (!end) return { field: 'to', message: 'to: must be a date-time' };
  if (end.getTime() <= start.getTime()) return { field: 'to', message: 'to: must be after from' };
  if (end.getTime() - start.getTime() > ANALYTICS_MAX_DAYS * DAY_MS)
    return { field: 'to', message: `to: the range may span at most ${ANALYTICS_MAX_DAYS} days` };
  return { from: start, to: end };
}

export function isRangeProblem(value: AnalyticsRange | AnalyticsRangeProblem): value is AnalyticsRangeProblem {
  return 'field' in value;
}

/** Start of the UTC day holding `at`. */
export function utcDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** Start of the ISO week (Monday 00:00 UTC) holding `at`: what PostgreSQL's date_trunc('week') gives. */
export function isoWeekStart(at: Date): Date {
  const day = utcDayStart(at);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** Every UTC day overlapping the range, oldest first (a chart's dense axis). */
export function daysOf(range: AnalyticsRange): Date[] {
  const days: Date[] = [];
  for (let day = utcDayStart(range.from); day < range.to; day = new Date(day.getTime() + DAY_MS)) days.push(day);
  return days;
}

/** Every ISO week overlapping the range, oldest first. */
export function weeksOf(range: AnalyticsRange): Date[] {
  const weeks: Date[] = [];
  for (let week = isoWeekStart(range.from); week < range.to; week = new Date(week.getTime() + 7 * DAY_MS)) weeks.push(week);
  return weeks;
}

/** ISO 8601 week label of a week start (e.g. 2026-W48): the year is the Thursday's. */
export function isoWeekLabel(weekStart: Date): string {
  const thursday = new Date(weekStart.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = isoWeekStart(new Date(Date.UTC(year, 0, 4)));
  const week = Math.round((weekStart.getTime() - firstThursday.getTime()) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Dense buckets: every key of `axis` with the grouped row of its instant, or `empty` when none. */
export function densify<Row extends { bucket: Date }, Out>(
  axis: Date[],
  rows: Row[],
  view: (at: Date, row: Row | undefined) => Out,
): Out[] {
  const byTime = new Map(rows.map((row) => [new Date(row.bucket).getTime(), row]));
  return axis.map((at) => view(at, byTime.get(at.getTime())));
}
