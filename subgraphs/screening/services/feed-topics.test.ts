// The topic/source -> feed table.
import { feedsForTopics, feedsOf } from './feed-topics';

it('maps FollowTheMoney topics to the spec feeds, in topic order, without duplicates', () => {
  expect(feedsForTopics(['role.pep', 'sanction'])).toEqual(['PEP', 'Sanctions']);
  expect(feedsForTopics(['crime.fraud', 'wanted', 'crime'])).toEqual(['Criminal']);
  expect(feedsForTopics(['role.rca'])).toEqual(['PEP']);
  expect(feedsForTopics(['gov.national'])).toEqual(['PEP']);
  expect(feedsForTopics(['gov.soe'])).toEqual(['Registries']);
  expect(feedsForTopics(['corp.offshore', 'corp.shell'])).toEqual(['Offshore']);
  expect(feedsForTopics(['reg.action', 'corp.disqual'])).toEqual(['Legal']);
  expect(feedsForTopics(['sanction.linked', 'export.control'])).toEqual(['Sanctions']);
  expect(feedsForTopics(['role.ubo'])).toEqual(['Ownership']);
  expect(feedsForTopics(['Role.PEP'])).toEqual(['PEP']);
});

it('falls back to the source for the official lists and to Open Source for unknown data', () => {
  expect(feedsForTopics([])).toEqual(['Open Source']);
  expect(feedsForTopics(['role.journalist'])).toEqual(['Open Source']);
  expect(feedsOf('un')).toEqual(['Sanctions']);
  expect(feedsOf('bis_dpl')).toEqual(['Sanctions']);
  expect(feedsOf('opensanctions', ['role.pep'])).toEqual(['PEP']);
  expect(feedsOf('some_new_source')).toEqual(['Open Source']);
});
