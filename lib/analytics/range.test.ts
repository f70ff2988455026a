import {
  checkAnalyticsRange,
  countedAndLive,
  dayBounds,
  daysOf,
  isoWeekLabel,
  isoWeekStart,
  isRangeProblem,
  splitAtDays,
  weeksOf,
} from './range';

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

  it('cuts a range at UTC midnights: whole days for the counters, the cut parts live', () => {
    const at = (text: string) => new Date(`2026-11-${text}Z`);
    expect(splitAtDays(at('02T00:00:00'), at('09T00:00:00'))).toEqual({
      head: null,
      whole: [at('02T00:00:00'), at('09T00:00:00')],
      tail: null,
    });
    expect(splitAtDays(at('02T08:00:00'), at('09T12:00:00'))).toEqual({
      head: [at('02T08:00:00'), at('03T00:00:00')],
      whole: [at('03T00:00:00'), at('09T00:00:00')],
      tail: [at('09T00:00:00'), at('09T12:00:00')],
    });
    // No whole day inside: all of it live.
    expect(splitAtDays(at('02T08:00:00'), at('03T06:00:00'))).toEqual({
      head: [at('02T08:00:00'), at('03T06:00:00')],
      whole: null,
      tail: null,
    });
  });

  it("gives the same split as one statement's bounds: counted days, and the live parts before and after", () => {
    const at = (text: string) => new Date(`2026-11-${text}Z`);
    expect(dayBounds(at('02T08:00:00'), at('09T12:00:00'))).toEqual({
      fromDay: '2026-11-03',
      toDay: '2026-11-09',
      headEnd: at('03T00:00:00'),
      tailStart: at('09T00:00:00'),
    });
    // Whole days only: both live parts empty ([from, from) and [to, to)).
    expect(dayBounds(at('02T00:00:00'), at('09T00:00:00'))).toEqual({
      fromDay: '2026-11-02',
      toDay: '2026-11-09',
      headEnd: at('02T00:00:00'),
      tailStart: at('09T00:00:00'),
    });
    // No whole day: no counted day, all of it live.
    expect(dayBounds(at('02T08:00:00'), at('03T06:00:00'))).toEqual({
      fromDay: '2026-11-02',
      toDay: '2026-11-02',
      headEnd: at('03T06:00:00'),
      tailStart: at('03T06:00:00'),
    });
  });

  it('sums the counted days and the live parts of one bucket', async () => {
    const week = new Date('2026-11-02T00:00:00Z');
    const calls: string[] = [];
    const rows = await countedAndLive(
      new Date('2026-11-02T08:00:00Z'),
      new Date('2026-11-05T12:00:00Z'),
      async (fromDay, toDay) => {
        calls.push(`counted ${fromDay} ${toDay}`);
        return [{ bucket: week, tp: 5, fp: 1 }];
      },
      async (from, to) => {
        calls.push(`live ${from.toISOString()} ${to.toISOString()}`);
        return [{ bucket: week, tp: 1, fp: 2 }];
      },
    );
    expect(rows).toEqual([{ bucket: week, tp: 7, fp: 5 }]);
    expect(calls.sort()).toEqual([
      'counted 2026-11-03 2026-11-05',
      'live 2026-11-02T08:00:00.000Z 2026-11-03T00:00:00.000Z',
      'live 2026-11-05T00:00:00.000Z 2026-11-05T12:00:00.000Z',
    ]);
  });
});
