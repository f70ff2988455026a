// Pairwise name comparison: POST /v1/names/compare and the compareNames GraphQL query, against a served index.
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { importList, UN_XML, versionsOf, waitForIndex } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
});
afterAll(() => platform.close());

const compare = (body: unknown, key = tenant.apiKey) =>
  request(platform.restUrl, 'POST', '/v1/names/compare', { headers: auth.xApiKey(key), body });

it('scores a pair as a search would, with the per-token explanation', async () => {
  const response = await compare({
    query: { name: 'Barzan Ibrahem Hasan Al Tikrity', type: 'individual' },
    candidate: { name: 'BARZAN IBRAHIM HASSAN AL-TIKRITI', type: 'individual' },
  });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ msg: 'success', status: 200 });
  const result = response.body.result;
  expect(result).toMatchObject({ is_match: true, threshold: 0.8, scorer_version: expect.any(String) });
  expect(result.score).toBeGreaterThanOrEqual(0.8);
  expect(['exact', 'strong', 'medium']).toContain(result.criteria_match_level);
  expect(result.match_score_info.token_alignment).toEqual(
    expect.arrayContaining([expect.objectContaining({ query: 'ibrahem', candidate: 'ibrahim' })]),
  );
  expect(result.match_score_info.unmatched_query_tokens).toEqual([]);
  // the same pair through a search: the candidate's score there equals the comparison's
  const search = await request(platform.restUrl, 'POST', '/v1/search-sync', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Usama bin Laden', type: 'individual' },
  });
  const listed = search.body.result.results.find((m: { entity: { source: string } }) => m.entity.source === 'un');
  const pair = await compare({
    query: { name: 'Usama bin Laden', type: 'individual' },
    candidate: { name: listed.match_score_info.best_name.value, type: 'individual' },
  });
  expect(pair.body.result.name_score).toBe(listed.match_score_info.best_name.score);
});

it('adjusts by the secondary facts and says so', async () => {
  const base = {
    query: { name: 'Ayman al-Zawahiri', type: 'individual', date_of_birth: '1951-06-19', country: 'EG' },
    candidate: { name: 'Aiman Muhammed Rabi al-Zawahiri', type: 'individual', date_of_birth: '1951-06-19', country: 'Egypt' },
  };
  const same = (await compare(base)).body.result;
  expect(same.match_score_info.adjustments).toEqual(
    expect.arrayContaining([expect.objectContaining({ feature: 'birth_date', outcome: 'exact' })]),
  );
  const other = (await compare({ ...base, candidate: { ...base.candidate, date_of_birth: '1970' } })).body.result;
  expect(other.match_score_info.adjustments).toEqual(
    expect.arrayContaining([expect.objectContaining({ feature: 'birth_date', outcome: 'year_mismatch' })]),
  );
  expect(other.score).toBeLessThan(same.score);
});

it('keeps the one-word guard: a common word against a longer name is no match, the same one word is', async () => {
  const longer = (await compare({ query: { name: 'Tiger', type: 'entity' }, candidate: { name: 'TIGER FOODS TRADING', type: 'entity' } }))
    .body.result;
  expect(longer.is_match).toBe(false);
  const same = (await compare({ query: { name: 'HAMAS' }, candidate: { name: 'Hamas', type: 'entity' } })).body.result;
  expect(same).toMatchObject({ score: 1, is_match: true, criteria_match_level: 'exact' });
});

it('answers through GraphQL with typed fields', async () => {
  const response = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      query ($input: CompareNamesInput!) {
        compareNames(input: $input) {
          score
          level
          isMatch
          nameScore
          explanation {
            tokenAlignment {
              query
              candidate
              similarity
              how
            }
            unmatchedCandidateTokens
            caps
            adjustments {
              feature
              outcome
              delta
            }
          }
        }
      }
    `,
    {
      input: {
        query: { name: 'Владимир Путин', type: 'individual' },
        candidate: { name: 'Vladimir Putin', type: 'individual' },
        threshold: 0.5,
      },
    },
  );
  expect(response.body.errors).toBeUndefined();
  const c = response.body.data.compareNames;
  expect(c).toMatchObject({ isMatch: true, level: expect.stringMatching(/^(exact|strong|medium)$/) });
  // every word met its Latin spelling across scripts: the explanation says so
  expect(c.explanation.tokenAlignment.map((p: { how: string }) => p.how)).toEqual(['other_script', 'other_script']);
});

it('says when a name in another script reads as the candidate: the same name, other script', async () => {
  const res = await compare({ query: { name: 'حسن عمر', type: 'individual' }, candidate: { name: 'OMAR, Hassan', type: 'individual' } });
  expect(res.status).toBe(200);
  const r = res.body.result;
  expect(r).toMatchObject({ is_match: true, criteria_match_level: 'strong' });
  expect(r.match_score_info.token_alignment.map((p: { how: string }) => p.how)).toEqual(['other_script', 'other_script']);
  const gql = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      query ($input: CompareNamesInput!) {
        compareNames(input: $input) {
          explanation {
            tokenAlignment {
              how
            }
          }
        }
      }
    `,
    { input: { query: { name: 'حسن عمر' }, candidate: { name: 'OMAR, Hassan', type: 'individual' } } },
  );
  expect(gql.body.errors).toBeUndefined();
  expect(gql.body.data.compareNames.explanation.tokenAlignment).toEqual([{ how: 'other_script' }, { how: 'other_script' }]);
});

it('rejects bad input with the documented envelope and field', async () => {
  const missing = await compare({ query: { name: 'A' } });
  expect(missing.status).toBe(400);
  expect(missing.body).toMatchObject({ status: 400, msg: expect.stringContaining('candidate') });
  const extra = await compare({ query: { name: 'A' }, candidate: { name: 'B', colour: 'red' } });
  expect(extra.status).toBe(400);
  const dob = await compare({ query: { name: 'A', date_of_birth: '1990-13-01' }, candidate: { name: 'B' } });
  expect(dob.status).toBe(400);
  expect(dob.body.msg).toContain('query.date_of_birth');
  const country = await compare({ query: { name: 'A' }, candidate: { name: 'B', country: 'Atlantis' } });
  expect(country.status).toBe(400);
  expect(country.body.msg).toContain('candidate.country');
  const blank = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      {
        compareNames(input: { query: { name: "  " }, candidate: { name: "B" } }) {
          score
        }
      }
    `,
  );
  expect(blank.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', details: { field: 'query.name' } });
  const threshold = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      {
        compareNames(input: { query: { name: "A" }, candidate: { name: "B" }, threshold: 2 }) {
          score
        }
      }
    `,
  );
  expect(threshold.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', details: { field: 'threshold' } });
  const anonymous = await request(platform.restUrl, 'POST', '/v1/names/compare', {
    body: { query: { name: 'A' }, candidate: { name: 'B' } },
  });
  expect(anonymous.status).toBe(401);
});
