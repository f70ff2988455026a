import { checkAnalyticsRange, daysOf, isoWeekLabel, isoWeekStart, isRangeProblem, weeksOf } from './range';

describe('analytics range', () => {
  it('accepts a half-open range of at most 366 days, from Dates or ISO text', () => {
    const range = checkAnalyticsRange(new Date('2026-01-01T00:00:00Z'), '2027-01-02T00:00:00Z');
    expect(isRangeProblem(range)).toBe(false);
  });

  it('refuses an inverted, empty, too long or malformed range, naming the field', () => {
    expect(checkAnalyticsRange('2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z')).toEqual({ field: 'to', message: 'to: must be after from' });
    expect(checkAnalyticsRange('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toMatchObject({ field: 'to' });
    expect(checkAnalyticsRange('2026-01-01T00:00:00Z', '2027-01-02T00:00:01Z')).toMatchObject({ field: 'to' });
    expect(checkAnalyticsRange('yesterday', '2026-01-01T00:00:00Z')).toMatchObject({ field: 'from' });
  });

  it('lays out UTC days and ISO weeks (Monday starts) overlapping the range', () => {
    const range = { from: new Date('2026-11-28T12:00:00Z'), to: new Date('2026-12-01T00:00:00Z') };
    expect(daysOf(range).map((day) => day.toISOString().slice(0, 10))).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
    expect(weeksOf(range).map((week) => week.toISOString().slice(0, 10))).toEqual(['2026-11-23', '2026-11-30']);
    expect(isoWeekStart(new Date('2026-11-29T23:59:59Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(isoWeekLabel(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48');
    // 2026-12-28's week holds 2027-01-01, but its Thursday (2026-12-31) makes it 2026-W53.
    expect(isoWeekLabel(new Date('2026-12-28T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeekLabel(new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01');
  });
});
