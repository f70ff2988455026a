/** Identifier agreement: normalization, masking, outcomes and what they do to a search's scores. */
import { emptyEntity, type WatchlistEntity } from '../lists/model';
import { agreementOf } from './adjust';
import {
  IDENTIFIER_MATCH_BONUS,
  IDENTIFIER_MISMATCH,
  identifierAdjustment,
  maskIdentifier,
  normalizeIdentifier,
  type QueryIdentifier,
} from './identifiers';
import { buildIndex } from './index';

function entity(sourceId: string, name: string, identifiers: WatchlistEntity['identifiers']): WatchlistEntity {
  const e = emptyEntity('test_list', sourceId, 'individual');
  e.names = [{ value: name, kind: 'primary' }];
  e.identifiers = identifiers;
  return e;
}

const listed = entity('1', 'Viktor Petrovich Sorokin', [
  { kind: 'passport', value: 'C 0123-456.78', country: 'RU' },
  { kind: 'passport', value: '7700112', country: 'UA' },
  { kind: 'un_reference', value: 'QDi.999' },
]);

describe('identifier agreement', () => {
  it('normalizes case, spaces, dashes and dots, and shows only the last 4 characters', () => {
    expect(normalizeIdentifier(' c 0123-456.78 ')).toBe('C012345678');
    expect(maskIdentifier('C 0123-456.78')).toBe('****5678');
    expect(maskIdentifier('12-3')).toBe('****');
  });

  it('matches an identical document whatever its spelling, and names it masked', () => {
    const a = identifierAdjustment([{ kind: 'passport', value: 'c012345678', country: 'RU' }], listed)!;
    expect(a).toMatchObject({ feature: 'identifier', outcome: 'match', delta: IDENTIFIER_MATCH_BONUS });
    expect(a.detail).toBe('passport ****5678 (RU) matches the listed passport ****5678 (RU)');
    expect(a.detail).not.toContain('0123');
    // kind omitted (other) or given without a country: still the same document
    expect(identifierAdjustment([{ value: 'C0123 45678' }], listed)?.outcome).toBe('match');
    // a number written inside a sentence of the list
    const sentence = entity('3', 'Oumar Younous', [{ kind: 'passport', value: 'CAR diplomatic passport no. D00000898' }]);
    expect(identifierAdjustment([{ kind: 'passport', value: 'D00000898' }], sentence)?.outcome).toBe('match');
    expect(identifierAdjustment([{ kind: 'passport', value: 'D0000089' }], sentence)?.outcome).toBe('mismatch');
  });

  it('never takes documents of two different issuing countries for one (nor for evidence against)', () => {
    const a = identifierAdjustment([{ kind: 'passport', value: 'C012345678', country: 'DE' }], listed)!;
    expect(a.outcome).toBe('unknown');
  });

  it('a different document of the same kind is weak evidence against; other kinds and list references say nothing', () => {
    const a = identifierAdjustment([{ kind: 'passport', value: 'X9999999', country: 'RU' }], listed)!;
    expect(a).toMatchObject({ outcome: 'mismatch', delta: IDENTIFIER_MISMATCH });
    expect(a.detail).toBe('passport ****9999 (RU) differs from the listed passport ****5678 (RU)');
    expect(identifierAdjustment([{ kind: 'tax_id', value: '77001122' }], listed)?.outcome).toBe('unknown');
    // the list's own reference number is not a document of the party
    expect(identifierAdjustment([{ value: 'QDi.999' }], listed)?.outcome).toBe('unknown');
    // too short to identify anything
    expect(identifierAdjustment([{ kind: 'passport', value: '1234' }], listed)?.outcome).toBe('unknown');
  });

  it('is absent without query identifiers, and summarized beside date of birth and country', () => {
    expect(identifierAdjustment(undefined, listed)).toBeUndefined();
    expect(identifierAdjustment([], listed)).toBeUndefined();
    expect(
      agreementOf([
        { feature: 'birth_date', outcome: 'year_match' },
        { feature: 'country', outcome: 'mismatch' },
        { feature: 'type', outcome: 'mismatch' },
        { feature: 'identifier', outcome: 'unknown' },
      ]),
    ).toEqual({ birth_date: 'match', country: 'mismatch', identifier: 'unknown' });
    expect(agreementOf([{ feature: 'birth_date', outcome: 'near_year' }])).toEqual({ birth_date: 'mismatch' });
  });

  it('raises the score of the listed party (capped at 1) and leaves searches without identifiers as they were', () => {
    const other = entity('2', 'Viktor Sorokin', [{ kind: 'passport', value: '5500000001', country: 'RU' }]);
    const index = buildIndex([listed, other]);
    const plain = index.search('Viktor Sorokin', { threshold: 0.5 });
    const byId = (identifiers: QueryIdentifier[]) => index.search('Viktor Sorokin', { threshold: 0.5, identifiers });
    const scoreOf = (matches: typeof plain, id: string) => matches.find((m) => m.entity.sourceId === id)!.score;
    expect(plain.map((m) => m.match_score_info.adjustments)).toEqual([[], []]);

    const matched = byId([{ kind: 'passport', value: 'C0123-45678', country: 'RU' }]);
    // the record holding the document comes first, though its name scores below the exact name
    expect(matched[0].entity.sourceId).toBe('1');
    expect(scoreOf(matched, '1')).toBeCloseTo(Math.min(1, scoreOf(plain, '1') + IDENTIFIER_MATCH_BONUS), 4);
    expect(matched[0].match_score_info.adjustments).toEqual([expect.objectContaining({ feature: 'identifier', outcome: 'match' })]);
    expect(scoreOf(matched, '2')).toBeCloseTo(scoreOf(plain, '2') + IDENTIFIER_MISMATCH, 4);
    expect(scoreOf(byId([{ kind: 'passport', value: '5500000001' }]), '2')).toBe(1);
  });
});
