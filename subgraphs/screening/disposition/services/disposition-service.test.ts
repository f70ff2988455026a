// Unit tests of automatic disposition: the stated moves, the header, the conditions and fail-open,
// on matches built from a real listed record shape.
import { AnalysisOutcome, deterministicAnalyser, DispositionAnalyser } from './disposition-analyser';
import { annotateMatches, DispositionSettings, optedOut } from './disposition-service';
import type { StoredMatch } from '../../services/search-model';

const settings = (change: Partial<DispositionSettings> = {}): DispositionSettings => ({
  enabled: true,
  directApi: true,
  mode: 'full_auto',
  threshold: 0.85,
  searchThreshold: null,
  searchFeeds: [],
  updatedBy: null,
  updatedAt: null,
  ...change,
});

function match(change: { sanctions?: boolean; nameScore?: number } = {}): StoredMatch {
  const screen = { Sanctions: change.sanctions ?? true, PEP: false } as StoredMatch['checklist']['screen'];
  const score = change.nameScore ?? 1;
  return {
    id: 'a'.repeat(24),
    rank: 0,
    score,
    name: { value: 'Ivan Petrov', match_score: score, criteria_match_level: 'exact' },
    aliases: [],
    checklist: { screen, hits: [], hits_info: [] },
    match_score_info: {
      scorer_version: 't',
      threshold: 0.8,
      query: 'Ivan Petrov',
      best_name: { value: 'Ivan Petrov', kind: 'primary', score, raw_score: score },
      name_similarity: score,
      token_alignment: [],
      unmatched_query_tokens: [],
      unmatched_list_tokens: [],
      phonetic_agreement: 1,
      caps: [],
      adjustments: [],
      final_score: score,
    },
    source_details: [],
    review_status: 'unresolved',
    entity: {
      id: 'un:1',
      source: 'un',
      source_id: '1',
      type: 'individual',
      name: 'Ivan Petrov',
      feeds: ['Sanctions'],
      programs: ['RU'],
      dates_of_birth: [{ kind: 'full', value: '1960-04-02' }],
      nationalities: ['RU'],
      countries: [],
      listed_on: null,
    },
  };
}

const same = { name: 'Ivan Petrov', type: 'individual', dateOfBirth: '1960-04-02', country: 'RU' };
const other = { name: 'Ivan Petrov', type: 'individual', dateOfBirth: '1987-11-30', country: 'FR' };

it('[screening.disposition.full-auto, screening.disposition.shape] Full Auto resolves confident matches both ways, citing the facts it used', async () => {
  const [yes] = await annotateMatches(settings(), null, same, [match()]);
  expect(yes.review_status).toBe('true_positive');
  expect(yes.disposition_hint).toBeUndefined();
  expect(yes.automatic_disposition).toMatchObject({
    prediction: 'true_positive',
    analysis_status: 'completed',
    source: 'direct_api',
    signature_version: deterministicAnalyser.version,
    risk_flags: ['Sanctions', 'program:RU'],
  });
  expect(yes.automatic_disposition!.confidence).toBeGreaterThanOrEqual(0.85);
  expect(yes.automatic_disposition!.evidence_refs).toEqual(
    expect.arrayContaining(['query.date_of_birth', 'entity.dates_of_birth[0]', 'query.country', 'entity.nationalities[0]']),
  );
  expect(yes.automatic_disposition!.score_summary).toMatchObject({
    date_of_birth: expect.any(Number),
    country: expect.any(Number),
    total: expect.any(Number),
  });
  const [no] = await annotateMatches(settings(), null, other, [match()]);
  expect(no.review_status).toBe('false_positive');
  expect(no.automatic_disposition).toMatchObject({ prediction: 'false_positive', analysis_status: 'completed' });
  expect(no.automatic_disposition!.rationale).toMatch(/differs/);
});

it('[screening.disposition.hint] Hint mode leaves the match unresolved and returns the prediction as a hint', async () => {
  const [hinted] = await annotateMatches(settings({ mode: 'hint' }), null, same, [match()]);
  expect(hinted.review_status).toBe('unresolved');
  expect(hinted.automatic_disposition).toBeUndefined();
  expect(hinted.disposition_hint).toMatchObject({ prediction: 'true_positive', analysis_status: 'completed' });
});

it('[screening.disposition.below-threshold] below the threshold: unresolved with an undetermined hint, in either mode', async () => {
  for (const mode of ['full_auto', 'hint'] as const) {
    const [bare] = await annotateMatches(settings({ mode }), null, { name: 'Ivan Petrov' }, [match()]);
    expect(bare.review_status).toBe('unresolved');
    expect(bare.automatic_disposition).toBeUndefined();
    expect(bare.disposition_hint).toMatchObject({ prediction: 'undetermined', analysis_status: 'completed' });
    expect(bare.disposition_hint!.confidence).toBeLessThan(0.85);
  }
  // A raised threshold turns a confident prediction into a hint as well.
  const [strict] = await annotateMatches(settings({ threshold: 1 }), null, same, [match()]);
  expect(strict).toMatchObject({ review_status: 'unresolved', disposition_hint: { prediction: 'undetermined' } });
});

it('[screening.disposition.fails-open] a failing analyser leaves the match unresolved with a failed annotation and an error; the others still run', async () => {
  let calls = 0;
  const flaky: DispositionAnalyser = {
    version: 'flaky-1',
    analyse: (query, m) => {
      calls += 1;
      if (calls === 1) throw new Error('model endpoint unreachable');
      return deterministicAnalyser.analyse(query, m);
    },
  };
  const [failed, fine] = await annotateMatches(settings(), null, same, [match(), match()], flaky);
  expect(failed.review_status).toBe('unresolved');
  expect(failed.automatic_disposition).toBeUndefined();
  expect(failed.disposition_hint).toMatchObject({
    analysis_status: 'failed',
    prediction: 'undetermined',
    source: 'direct_api',
    signature_version: 'flaky-1',
    error: { code: 'analysis_failed', message: 'model endpoint unreachable', retryable: true },
  });
  expect(fine.review_status).toBe('true_positive');
});

it('[screening.disposition.conditions] only flagged matches, only with the feature and the Direct API channel on; human decisions stand', async () => {
  const [unflagged] = await annotateMatches(settings(), null, same, [match({ sanctions: false })]);
  expect(unflagged).toEqual(match({ sanctions: false }));
  for (const off of [settings({ enabled: false }), settings({ directApi: false })]) {
    const [untouched] = await annotateMatches(off, null, same, [match()]);
    expect(untouched).toEqual(match());
  }
  const cleared = { ...match(), review_status: 'false_positive' as const };
  expect((await annotateMatches(settings(), null, same, [cleared]))[0]).toEqual(cleared);
});

it('[screening.disposition.skip-header] skip in any case opts out; other values are ignored', async () => {
  for (const header of ['skip', 'SKIP', ' Skip ']) {
    expect(optedOut(header)).toBe(true);
    expect((await annotateMatches(settings(), header, same, [match()]))[0]).toEqual(match());
  }
  for (const header of ['no', 'false', '', null, undefined]) expect(optedOut(header)).toBe(false);
  expect((await annotateMatches(settings(), 'off', same, [match()]))[0].review_status).toBe('true_positive');
});

it('a differing entity type speaks against the match', () => {
  const vessel = { ...match(), entity: { ...match().entity, type: 'vessel' } } as StoredMatch;
  const outcome = deterministicAnalyser.analyse({ name: 'Ivan Petrov', type: 'individual' }, vessel) as AnalysisOutcome;
  expect(outcome.prediction).toBe('false_positive');
  expect(outcome.evidence_refs).toEqual(expect.arrayContaining(['query.type', 'entity.type']));
});
