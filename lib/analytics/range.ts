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

/** A range cut at UTC midnights: the whole days, read from maintained day counters, and the parts of
 * a day before and after them (the console asks for whole days, so these are usually empty), counted
 * live. `whole` is null when the range holds no whole day. */
export interface DaySplit {
  head: [Date, Date] | null;
  whole: [Date, Date] | null;
  tail: [Date, Date] | null;
}

export function splitAtDays(from: Date, to: Date): DaySplit {
  const fromDay = Math.floor(from.getTime() / DAY_MS) * DAY_MS;
  const firstWholeDay = new Date(fromDay === from.getTime() ? fromDay : fromDay + DAY_MS);
  const endOfWholeDays = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS);
  if (firstWholeDay.getTime() >= endOfWholeDays.getTime()) return { head: [from, to], whole: null, tail: null };
  return {
    head: from < firstWholeDay ? [from, firstWholeDay] : null,
    whole: [firstWholeDay, endOfWholeDays],
    tail: endOfWholeDays < to ? [endOfWholeDays, to] : null,
  };
}

/** The same split as one statement's parameters, for a figure read in a single statement (a median
 * over counted days and live parts together): the whole days as [fromDay, toDay) (YYYY-MM-DD; an
 * empty range when there is no whole day), and the live parts as [from, headEnd) and [tailStart, to)
 * (each empty when the range does not cut that end; the whole range when it holds no whole day). */
export interface DayBounds {
  fromDay: string;
  toDay: string;
  headEnd: Date;
  tailStart: Date;
}

export function dayBounds(from: Date, to: Date): DayBounds {
  const { whole } = splitAtDays(from, to);
  const dayText = (at: Date) => at.toISOString().slice(0, 10);
  if (!whole) return { fromDay: dayText(from), toDay: dayText(from), headEnd: to, tailStart: to };
  return { fromDay: dayText(whole[0]), toDay: dayText(whole[1]), headEnd: whole[0], tailStart: whole[1] };
}

/** A figure per bucket over [from, to): the whole days from `counted` (given the first and the
 * end day as YYYY-MM-DD), the cut parts of a day from `live`, in parallel; rows of one bucket summed
 * field by field (a week holds counted days and a live part). */
export async function countedAndLive<Row extends { bucket: Date }>(
  from: Date,
  to: Date,
  counted: (fromDay: string, toDay: string) => Promise<Row[]>,
  live: (from: Date, to: Date) => Promise<Row[]>,
): Promise<Row[]> {
  const { head, whole, tail } = splitAtDays(from, to);
  const dayText = (at: Date) => at.toISOString().slice(0, 10);
  const parts = await Promise.all([
    head ? live(...head) : [],
    whole ? counted(dayText(whole[0]), dayText(whole[1])) : [],
    tail ? live(...tail) : [],
  ]);
  const byBucket = new Map<number, Row>();
  for (const row of parts.flat()) {
    const key = new Date(row.bucket).getTime();
    const sum = byBucket.get(key);
    if (!sum) byBucket.set(key, { ...row });
    else for (const field of Object.keys(row) as (keyof Row)[]) if (field !== 'bucket') (sum[field] as number) += row[field] as number;
  }
  return [...byBucket.values()];
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
