// Unit tests of the threshold lab's rules: what a stored match raises, which screenings can be
// recounted, and which reviewed matches move (and why).
import { alertFigures, recountable, reviewedChanges, searchedFeedSet } from './threshold-lab-service';

const all = { threshold: 0.8, feeds: [] };

it('a screening is recountable when it kept every match the setting raises (threshold no higher, feeds no narrower)', () => {
  expect(searchedFeedSet(['all'])).toEqual([]);
  expect(searchedFeedSet(['PEP', 'Sanctions'])).toEqual(['Sanctions', 'PEP']);
  expect(recountable(0.8, ['all'], all)).toBe(true);
  expect(recountable(0.9, ['all'], all)).toBe(false);
  expect(recountable(null, ['all'], { threshold: 0.75, feeds: [] })).toBe(false);
  expect(recountable(0.7, ['Sanctions'], all)).toBe(false);
  expect(recountable(0.7, ['Sanctions', 'PEP'], { threshold: 0.8, feeds: ['PEP'] })).toBe(true);
});

it('alerts count screenings with a raising match once; lower bounds are flagged', () => {
  const groups = [
    { threshold: 0.7, feeds: ['all'], screenings: 3 },
    { threshold: 0.9, feeds: ['all'], screenings: 1 },
  ];
  const matches = [
    { searchResultId: 'a_0', threshold: 0.7, searchedFeeds: ['all'], score: 0.95, entityFeeds: ['Sanctions'] },
    { searchResultId: 'a_0', threshold: 0.7, searchedFeeds: ['all'], score: 0.85, entityFeeds: ['PEP'] },
    { searchResultId: 'b_0', threshold: 0.7, searchedFeeds: ['all'], score: 0.75, entityFeeds: ['PEP'] },
  ];
  expect(alertFigures(groups, matches, all)).toEqual({ alerts: 1, alertsPer1000: 250, screeningsNotRecountable: 1, exact: false });
  expect(alertFigures(groups, matches, { threshold: 0.7, feeds: ['PEP'] })).toMatchObject({ alerts: 2, screeningsNotRecountable: 1 });
  expect(alertFigures([], [], all)).toEqual({ alerts: 0, alertsPer1000: 0, screeningsNotRecountable: 0, exact: true });
});

it('reviewed matches appear or disappear with their cause', () => {
  const row = (id: string, score: number, feeds: string[]) => ({
    id,
    searchResultId: `${id}_0`,
    reviewStatus: 'false_positive' as const,
    reviewedAt: null,
    score,
    entityRef: `un:${id}`,
    listedName: id,
    entityFeeds: feeds,
  });
  const rows = [row('low', 0.76, ['Sanctions']), row('high', 0.97, ['Sanctions']), row('mid', 0.85, ['PEP'])];
  const changes = reviewedChanges(rows, all, { threshold: 0.9, feeds: ['Sanctions'] });
  expect(changes.disappearing.map((m) => [m.matchId, m.cause])).toEqual([['mid', 'threshold_and_feeds']]);
  expect(changes.appearing).toEqual([]);
  const lower = reviewedChanges(rows, all, { threshold: 0.75, feeds: [] });
  expect(lower.appearing.map((m) => [m.matchId, m.cause])).toEqual([['low', 'threshold']]);
  expect(lower.reviewed).toBe(3);
});
