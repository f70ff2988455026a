// Identifiers in a search (an extension of the interface, docs/screening.md): a listed UN individual holds passport
// AAID00437 (GW); searched by name and that number its score rises, by another number it is a mismatch, without any
// it scores as before. Through REST (search-sync, report PDF, bad input) and GraphQL (agreement, stored masked).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auth, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { startScreeningWithUnList } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  ({ platform, tenant } = await startScreeningWithUnList());
});
afterAll(() => platform.close());

// Misspelled, so the name alone scores below 1 and the raise shows.
const NAME = 'Ibrayma Kamara';
const SOURCE_ID = '690789';
const PASSPORT = { kind: 'passport', value: 'aaid-00437', country: 'GW' };

interface RestMatch {
  id: string;
  score: number;
  entity: { source: string; source_id: string };
  match_score_info: {
    adjustments: { feature: string; outcome: string; delta: number; detail: string }[];
    agreement: Record<string, string>;
  };
}

async function searchRest(body: Record<string, unknown>) {
  const response = await request(platform.restUrl, 'POST', '/v1/search-sync', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { type: 'individual', name: NAME, feeds: ['Sanctions'], threshold: 0.5, ...body },
  });
  expect(response.status).toBe(200);
  const match = (response.body.result.results as RestMatch[]).find((m) => m.entity.source === 'un' && m.entity.source_id === SOURCE_ID);
  expect(match).toBeDefined();
  return { searchId: response.body.result.searchId as string, match: match! };
}

it('raises the score of the listed passport holder, counts another number against, and leaves searches without identifiers alone', async () => {
  const plain = await searchRest({});
  expect(plain.match.match_score_info.adjustments.map((a) => a.feature)).not.toContain('identifier');
  expect(plain.match.match_score_info.agreement).toEqual({});
  expect(plain.match.score).toBeLessThan(1);

  const same = await searchRest({ identifiers: [PASSPORT] });
  expect(same.match.score).toBeCloseTo(Math.min(1, plain.match.score + 0.15), 3);
  expect(same.match.match_score_info.agreement).toEqual({ identifier: 'match' });
  const adjustment = same.match.match_score_info.adjustments.find((a) => a.feature === 'identifier')!;
  expect(adjustment).toMatchObject({ outcome: 'match', delta: 0.15 });
  expect(adjustment.detail).toContain('****0437');
  expect(adjustment.detail).not.toMatch(/AAID/i);

  const other = await searchRest({ identifiers: [{ kind: 'passport', value: 'AAID99999', country: 'GW' }] });
  expect(other.match.match_score_info.agreement).toEqual({ identifier: 'mismatch' });
  expect(other.match.score).toBeCloseTo(plain.match.score - 0.02, 3);

  const again = await searchRest({});
  expect(again.match.score).toBe(plain.match.score);

  // The report prints the agreement and the identifier masked.
  const report = await request(platform.restUrl, 'POST', '/v1/reports', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { searchResultId: same.searchId, index: 0 },
  });
  expect(report.status).toBe(200);
  const pdf = Buffer.from(await (await fetch(report.body.reports[0])).arrayBuffer());
  const file = path.join(os.tmpdir(), `vigil-identifiers-${process.pid}.pdf`);
  fs.writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  fs.rmSync(file);
  expect(text).toContain('Identifiers: passport ****0437 (GW)');
  expect(text).toMatch(/Agreement: identifier match/);
  expect(text).toMatch(/identifier: match \(\+0\.150?\) passport \*\*\*\*0437/);
  expect(text).not.toMatch(/AAID/i);
});

it('refuses bad identifiers with the documented envelope, naming the field', async () => {
  const bad = async (identifiers: unknown) => {
    const response = await request(platform.restUrl, 'POST', '/v1/search-sync', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { name: NAME, identifiers },
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.code ?? response.body.code).toBe('schema_validation_failed');
    return JSON.stringify(response.body);
  };
  expect(await bad(Array.from({ length: 11 }, () => PASSPORT))).toContain('identifiers');
  expect(await bad([{ value: 'x'.repeat(65) }])).toContain('identifiers');
  expect(await bad([{ kind: 'driving_licence', value: 'AB12345' }])).toContain('kind');
  expect(await bad([{ value: 'AB12345', colour: 'red' }])).toContain('identifiers');
  expect(await bad([{ value: 'AB12345', country: 'Narnia' }])).toContain('identifiers[0].country');
  const batch = await request(platform.restUrl, 'POST', '/v1/search', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { feeds: 'all', requests: [{ name: NAME, identifiers: [{ value: '   ' }] }] },
  });
  expect(batch.status).toBe(400);
  expect(JSON.stringify(batch.body)).toContain('requests[0].identifiers[0].value');
});

it('answers the agreement through GraphQL and keeps the identifiers with the search, masked', async () => {
  const screen = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      mutation ($input: ScreenInput!) {
        screen(input: $input) {
          id
          identifiers {
            kind
            maskedValue
            country
          }
          matches {
            sourceId
            score
            matchScoreInfo {
              agreement {
                birthDate
                country
                identifier
              }
              adjustments {
                feature
                outcome
                detail
              }
            }
          }
        }
      }
    `,
    { input: { name: NAME, type: 'individual', threshold: 0.5, country: 'GW', identifiers: [{ kind: 'passport', value: 'AAID 00437' }] } },
  );
  expect(screen.body.errors).toBeUndefined();
  const { id, identifiers, matches } = screen.body.data.screen;
  expect(identifiers).toEqual([{ kind: 'passport', maskedValue: '****0437', country: null }]);
  const match = matches.find((m: { sourceId: string }) => m.sourceId === SOURCE_ID);
  expect(match.matchScoreInfo.agreement).toEqual({ birthDate: null, country: 'match', identifier: 'match' });
  const read = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    'query($id: ID!) { screeningSearch(id: $id) { identifiers { maskedValue } } }',
    {
      id,
    },
  );
  expect(read.body.data.screeningSearch.identifiers).toEqual([{ maskedValue: '****0437' }]);

  const invalid = await graphql(platform, auth.apiKey(tenant.apiKey), 'mutation($input: ScreenInput!) { screen(input: $input) { id } }', {
    input: { name: NAME, identifiers: [{ kind: 'passport', value: 'AAID00437', country: 'Narnia' }] },
  });
  expect(invalid.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', field: 'identifiers[0].country' });
});
