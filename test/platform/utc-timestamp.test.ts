// A `timestamp` column's text read as the UTC instant it stores: the digit-by-digit reader answers
// what Date's string parser answers for every shape PostgreSQL writes, and the raw reads of the
// data layers ($readRows) read stored instants back unchanged.
import { createDb, Db } from '../../platform/db/prisma';
import { parseUtcTimestamp } from '../../platform/db/utc-timestamp';

const byStringParser = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

describe('parseUtcTimestamp', () => {
  it('answers the string parser for instants across the years, to the millisecond', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 5_000; i++) {
      const instant = new Date(Date.UTC(100, 0, 1) + random() * (Date.UTC(9999, 11, 31) - Date.UTC(100, 0, 1)));
      const iso = instant.toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
      const fractions = ['', iso.slice(19, 21), iso.slice(19, 22), iso.slice(19, 23), `${iso.slice(19, 23)}456`];
      for (const fraction of fractions) {
        const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}`;
        expect([text, parseUtcTimestamp(text).getTime()]).toEqual([text, byStringParser(text).getTime()]);
      }
    }
  });

  it.each([
    ['the first year the fast path reads', '0100-01-01 00:00:00'],
    ['a leap day', '2024-02-29 23:59:59.999'],
    ['one fraction digit', '2026-11-28 14:16:02.5'],
    ['microseconds (truncated to the millisecond)', '2026-11-28 14:16:02.123999'],
  ])('reads %s as the string parser does', (_, text) => {
    expect(parseUtcTimestamp(text).toISOString()).toBe(byStringParser(text).toISOString());
  });

  it('leaves a year before 100 to the string parser (Date.UTC would read 1950)', () => {
    expect(parseUtcTimestamp('0050-06-01 12:00:00').toISOString()).toBe('0050-06-01T12:00:00.000Z');
  });

  it.each(['infinity', '-infinity', '2026-01-01 00:00:00 BC', '12345-01-01 00:00:00', '2026-01-01T00:00:00', '2026-01-01 00:00:0x'])(
    'reads %s as the string parser does (an invalid date where it gives one)',
    (text) => {
      expect(parseUtcTimestamp(text).getTime()).toEqual(byStringParser(text).getTime());
    },
  );
});

describe('timestamps read by $readRows', () => {
  let db: Db;
  beforeAll(() => {
    db = createDb(process.env.DATABASE_URL!, 1);
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it('reads back the instants written, in the precisions and years PostgreSQL stores', async () => {
    const written = [
      new Date('2026-11-28T14:16:02.123Z'),
      new Date('2026-11-28T14:16:02.000Z'),
      new Date('2026-11-28T14:16:02.100Z'),
      new Date('1970-01-01T00:00:00.000Z'),
      new Date('0050-06-01T12:00:00.000Z'),
      new Date('9999-12-31T23:59:58.999Z'),
    ];
    const rows = await db.$readRows('SELECT at::timestamp(3) AS at, at::timestamp(0) AS seconds FROM unnest($1::timestamptz[]) AS at', [
      written.map((instant) => instant.toISOString()),
    ]);
    expect(rows.map((row) => (row.at as Date).toISOString())).toEqual(written.map((instant) => instant.toISOString()));
    expect(rows.map((row) => (row.seconds as Date).getTime())).toEqual(
      written.map((instant) => Math.round(instant.getTime() / 1000) * 1000),
    );
  });
});
