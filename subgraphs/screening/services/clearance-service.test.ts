import { listedEntityHash } from './clearance-service';

const match = {
  name: { value: 'ALI HASSAN', match_score: 1, criteria_match_level: 'exact' as const },
  aliases: [{ value: 'ALI HASAN', match_score: 0.9, criteria_match_level: 'strong' as const, kind: 'aka' as const }],
  entity: {
    id: 'un:1',
    source: 'un',
    source_id: '1',
    type: 'individual',
    name: 'ALI HASSAN',
    feeds: ['Sanctions'],
    programs: ['IQ'],
    dates_of_birth: [{ kind: 'year' as const, value: '1950' }],
    nationalities: ['IQ'],
    countries: [],
    listed_on: null,
  },
};

it('hashes the listed data regardless of key order and match scores', () => {
  const reordered = {
    aliases: [{ ...match.aliases[0], match_score: 0.1 }],
    entity: Object.fromEntries(Object.entries(match.entity).reverse()) as typeof match.entity,
    name: { ...match.name, match_score: 0.5 },
  };
  expect(listedEntityHash(reordered as never)).toBe(listedEntityHash(match as never));
});

it('changes when the listed entity data changes', () => {
  expect(listedEntityHash({ ...match, entity: { ...match.entity, programs: ['IQ', 'SDGT'] } } as never)).not.toBe(
    listedEntityHash(match as never),
  );
  expect(listedEntityHash({ ...match, aliases: [...match.aliases, { ...match.aliases[0], value: 'ABU ALI' }] } as never)).not.toBe(
    listedEntityHash(match as never),
  );
});
