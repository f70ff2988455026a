// Search history (every parameter of GET /v2/search/requests), stored matches and their review
// (history, clearances carried to later searches of the profile), and PDF reports read back with
// poppler (pdftotext; page 1 rendered to test/artifacts/ for a reviewer).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  auth,
  createSiblingWorkspace,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { BIS_DPL, importList, UN_XML, versionsOf, waitForIndex } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform);
  sibling = await createSiblingWorkspace(platform, tenant);
  const bis = await importList(platform, 'bis_dpl', BIS_DPL);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(bis, un));
});
afterAll(() => platform.close());

const key = () => auth.xApiKey(tenant.apiKey);
const search = (body: unknown, apiKey = tenant.apiKey) =>
  request(platform.restUrl, 'POST', '/v1/search-sync', { headers: auth.xApiKey(apiKey), body });
const history = (query: string, apiKey = tenant.apiKey) =>
  request(platform.restUrl, 'GET', `/v2/search/requests${query}`, { headers: auth.xApiKey(apiKey) });

describe('search history', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 12; i++)
      ids.push(
        (await search({ name: i % 4 === 0 ? `Zorblatt Quimby ${i}` : `Plain Person ${i}`, custom_id: `h-${i}` })).body.result.searchId,
      );
  });

  it('[screening.history.endpoint] [screening.history.limit] pages with the default limit 10, newest first, with the pagination object', async () => {
    const first = await history('');
    expect(first.status).toBe(200);
    expect(first.body.result.requests).toHaveLength(10);
    expect(first.body.result.pagination).toMatchObject({ page: 1, limit: 10, has_prev: false, has_next: true });
    const total = first.body.result.pagination.total_count;
    expect(total).toBeGreaterThanOrEqual(12);
    expect(first.body.result.pagination.total_pages).toBe(Math.ceil(total / 10));
    expect(first.body.result.requests[0]).toEqual({
      id: ids[11],
      legacy_search_id: null,
      tenant_id: tenant.tenantId,
      workspace_id: tenant.workspaceId,
      config: { feeds: ['all'] },
      entities: [{ type: null, name: 'Plain Person 11', feeds: ['all'], custom_id: 'h-11' }],
      entity_count: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      user_id: tenant.applicationId,
      job_id: null,
      profile_id: null,
    });
    const times = first.body.result.requests.map((r: { created_at: string }) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await history('?page=2&limit=10');
    expect(second.body.result.pagination).toMatchObject({ page: 2, has_prev: true });
    expect(second.body.result.requests.map((r: { id: string }) => r.id)).not.toContain(ids[11]);
    const asc = await history('?sort=asc&sort_key=created_at&limit=250');
    expect(asc.body.result.requests[0].created_at <= asc.body.result.requests[1].created_at).toBe(true);
    expect(asc.body.result.requests).toHaveLength(Math.min(total, 250));
  });

  it('[screening.history.params] filters by case-insensitive name, inclusive created_at bounds and job id', async () => {
    const byName = await history('?q=zORBLATT');
    expect(byName.body.result.requests.map((r: { id: string }) => r.id).sort()).toEqual([ids[0], ids[4], ids[8]].sort());
    const literal = await history(`?q=${encodeURIComponent('%')}`);
    expect(literal.body.result.pagination.total_count).toBe(0);
    const all = (await history('?limit=250')).body.result.requests as { id: string; created_at: string }[];
    const pivot = all.find((r) => r.id === ids[5])!;
    const from = await history(`?created_at_from=${encodeURIComponent(pivot.created_at)}&sort=asc&limit=250`);
    expect(from.body.result.requests[0].created_at >= pivot.created_at).toBe(true);
    expect(from.body.result.requests.map((r: { id: string }) => r.id)).toContain(ids[5]);
    const to = await history(`?created_at_to=${encodeURIComponent(pivot.created_at)}&limit=250`);
    expect(to.body.result.requests.map((r: { id: string }) => r.id)).toContain(ids[5]);
    expect(to.body.result.requests.map((r: { id: string }) => r.id)).not.toContain(ids[11]);
    // The same instant in another timezone is the same bound.
    const offset = new Date(Date.parse(pivot.created_at)).toISOString().replace('Z', '+00:00');
    const same = await history(`?created_at_to=${encodeURIComponent(offset)}&limit=250`);
    expect(same.body.result.pagination.total_count).toBe(to.body.result.pagination.total_count);
    const job = await history('?job_id=00000000-0000-4000-8000-000000000000');
    expect(job.body.result.pagination.total_count).toBe(0);
  });

  it('[screening.history.params] [screening.history.limit] refuses bad parameters with 400 and hides other workspaces', async () => {
    for (const [query, field] of [
      ['?limit=251', 'limit'],
      ['?limit=0', 'limit'],
      ['?page=0', 'page'],
      ['?created_at_from=2026-01-01', 'created_at_from'],
      ['?created_at_to=2026-01-01T00:00:00', 'created_at_to'],
      ['?sort_key=name', 'sort_key'],
      ['?sort=up', 'sort'],
      ['?job_id=abc', 'job_id'],
    ]) {
      const response = await history(query);
      expect({ query, status: response.status, code: response.body.error?.code }).toEqual({
        query,
        status: 400,
        code: 'schema_validation_failed',
      });
      expect(response.body.error.message).toContain(field);
    }
    const theirs = await history('?q=zorblatt', sibling.apiKey);
    expect(theirs.body.result).toEqual({
      requests: [],
      pagination: { page: 1, limit: 10, total_count: 0, total_pages: 0, has_next: false, has_prev: false },
    });
  });
});

describe('match review', () => {
  it('[screening.review-status] [screening.search.matches] sets the review status with who and when and an append-only history; 404 elsewhere', async () => {
    const created = await search({ type: 'individual', name: 'Barzan Ibrahim Hassan al-Tikriti', feeds: ['Sanctions'] });
    const match = created.body.result.results[0];
    const path = `/v2/search/matches/${match.id}`;
    const first = await request(platform.restUrl, 'PATCH', path, {
      headers: key(),
      body: { review_status: 'true_positive', note: 'same DOB' },
    });
    expect(first.status).toBe(200);
    expect(first.body.result.match).toMatchObject({
      id: match.id,
      review_status: 'true_positive',
      reviewed_by: tenant.applicationId,
      reviewed_at: expect.any(String),
    });
    const second = await request(platform.restUrl, 'PATCH', path, { headers: key(), body: { review_status: 'unresolved' } });
    expect(second.body.result.review_history).toEqual([
      expect.objectContaining({ from_status: 'unresolved', to_status: 'true_positive', note: 'same DOB', actor_id: tenant.applicationId }),
      expect.objectContaining({ from_status: 'true_positive', to_status: 'unresolved', note: null }),
    ]);
    const stored = await request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${created.body.result.searchId}`, {
      headers: key(),
    });
    expect(stored.body.result.matches[0].review_status).toBe('unresolved');

    const bad = await request(platform.restUrl, 'PATCH', path, { headers: key(), body: { review_status: 'maybe' } });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'schema_validation_failed']);
    const theirs = await request(platform.restUrl, 'PATCH', path, {
      headers: auth.xApiKey(sibling.apiKey),
      body: { review_status: 'false_positive' },
    });
    const absent = await request(platform.restUrl, 'PATCH', `/v2/search/matches/${'0'.repeat(24)}`, {
      headers: key(),
      body: { review_status: 'false_positive' },
    });
    expect([theirs.status, theirs.body.error.code]).toEqual([404, 'match_not_found']);
    expect(theirs.body).toEqual(absent.body);
    const gql = await graphql(platform, auth.apiKey(sibling.apiKey), 'query($id: ID!) { screeningMatch(id: $id) { id } }', {
      id: match.id,
    });
    expect(gql.body.data.screeningMatch).toBeNull();
  });

  it('keeps a false positive cleared for the profile in later searches, with the reference', async () => {
    const profile = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
      headers: key(),
      body: { name: 'Huda Ammash', kind: 'individual' },
    });
    const profileId = profile.body.result.profile.id;
    const first = await search({ type: 'individual', name: 'Huda Salih Mahdi Ammash', profile_id: profileId });
    const match = first.body.result.results[0];
    const gql = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      'mutation($id: ID!, $input: ReviewScreeningMatchInput!) { reviewScreeningMatch(id: $id, input: $input) { reviewStatus reviewedBy reviewHistory { fromStatus toStatus } } }',
      {
        id: match.id,
        input: { reviewStatus: 'false_positive', note: 'different person' },
      },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.reviewScreeningMatch).toMatchObject({
      reviewStatus: 'false_positive',
      reviewHistory: [{ fromStatus: 'unresolved', toStatus: 'false_positive' }],
    });

    const again = await search({ type: 'individual', name: 'Huda Salih Mahdi Ammash', profile_id: profileId });
    const carried = again.body.result.results.find((m: { entity: { id: string } }) => m.entity.id === match.entity.id);
    expect(carried).toMatchObject({
      review_status: 'false_positive',
      previously_cleared: { match_id: match.id, cleared_by: tenant.applicationId },
    });
    expect(carried.id).not.toBe(match.id);
    // Another profile, or no profile: not cleared.
    const other = await search({ type: 'individual', name: 'Huda Salih Mahdi Ammash' });
    expect(other.body.result.results.find((m: { entity: { id: string } }) => m.entity.id === match.entity.id)).toMatchObject({
      review_status: 'unresolved',
    });
    // Reopening the clearing match withdraws the clearance.
    await request(platform.restUrl, 'PATCH', `/v2/search/matches/${match.id}`, { headers: key(), body: { review_status: 'unresolved' } });
    const reopened = await search({ type: 'individual', name: 'Huda Salih Mahdi Ammash', profile_id: profileId });
    expect(reopened.body.result.results.find((m: { entity: { id: string } }) => m.entity.id === match.entity.id).review_status).toBe(
      'unresolved',
    );
  });
});

describe('reports', () => {
  const pdfText = (bytes: Buffer) => {
    const file = path.join(os.tmpdir(), `vigil-report-${process.pid}-${Date.now()}.pdf`);
    fs.writeFileSync(file, bytes);
    try {
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    } finally {
      fs.rmSync(file);
    }
  };
  const download = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { headers });
    return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('[screening.reports.generate] renders a PDF with the query, the lists, the match, its score and explanation, served by a signed link', async () => {
    const created = await search({
      type: 'individual',
      name: 'Barzan Ibrahem Hasan Al Tikrity',
      feeds: ['Sanctions'],
      custom_id: 'report-1',
    });
    const { searchId, results } = created.body.result;
    await request(platform.restUrl, 'PATCH', `/v2/search/matches/${results[0].id}`, {
      headers: key(),
      body: { review_status: 'true_positive', note: 'confirmed by passport' },
    });
    const response = await request(platform.restUrl, 'POST', '/v1/reports', { headers: key(), body: { searchResultId: searchId } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 200,
      response: expect.any(String),
      reports: [expect.stringMatching(/\/v1\/reports\/[0-9a-f]{24}\?expires=\d+&signature=/)],
    });
    const pdf = await download(response.body.reports[0]);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Barzan Ibrahem Hasan Al Tikrity');
    expect(text).toContain(results[0].entity.name);
    expect(text).toContain(results[0].score.toFixed(3));
    expect(text).toContain('Lists searched');
    expect(text).toMatch(/un: version \d+/);
    expect(text).toContain('Why it matched');
    expect(text).toContain('true_positive');
    expect(text).toContain('confirmed by passport');
    expect(text).toMatch(/Page 1 of \d+/);

    const artifacts = path.resolve(__dirname, '../artifacts');
    fs.mkdirSync(artifacts, { recursive: true });
    const pdfFile = path.join(artifacts, 'screening-report.pdf');
    fs.writeFileSync(pdfFile, pdf.bytes);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfFile,
      path.join(artifacts, 'screening-report-page1'),
    ]);
    expect(fs.statSync(path.join(artifacts, 'screening-report-page1.png')).size).toBeGreaterThan(10_000);

    // Signed link tampered, or the report id swapped: 403. API key of the workspace: served; another workspace: 404.
    // Flip the signature's first character to another one: replacing it with a fixed letter left the
    // link intact whenever the signature already began with that letter.
    const tampered = await download(
      response.body.reports[0].replace(/signature=(.)/, (_: string, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
    );
    expect(tampered.status).toBe(403);
    const reportId = /reports\/([0-9a-f]{24})/.exec(response.body.reports[0])![1];
    const withKey = await download(`${platform.restUrl}/v1/reports/${reportId}`, key());
    expect(withKey.status).toBe(200);
    const theirs = await download(`${platform.restUrl}/v1/reports/${reportId}`, auth.xApiKey(sibling.apiKey));
    expect(theirs.status).toBe(404);
    const anonymous = await download(`${platform.restUrl}/v1/reports/${reportId}`);
    expect(anonymous.status).toBe(401);
  });

  it('[screening.reports.generate] [screening.reports.ids] takes every addressing form, and 404s results of other workspaces', async () => {
    const a = (await search({ name: 'Ibrahim Hassan al-Tikriti', threshold: 0.5 })).body.result;
    expect(a.results.length).toBeGreaterThan(1);
    const b = (await search({ name: 'Watban Ibrahim Hasan al-Tikriti', threshold: 0.5 })).body.result;
    expect(b.results.length).toBeGreaterThan(1);
    const plain = await request(platform.restUrl, 'POST', '/v1/reports', {
      headers: key(),
      body: { searchResultId: a.searchId, index: 1 },
    });
    expect(plain.body.reports).toHaveLength(1);
    expect(pdfText((await download(plain.body.reports[0])).bytes)).toContain(`Match 2 of ${a.results.length}`);
    const scoped = await request(platform.restUrl, 'POST', '/v1/reports', { headers: key(), body: { searchResultId: `${a.searchId}_0` } });
    expect(scoped.status).toBe(200);
    const bulk = await request(platform.restUrl, 'POST', '/v1/reports', {
      headers: key(),
      body: { results: [a.searchId, b.searchId], index: [0, 1] },
    });
    expect(bulk.body.reports).toHaveLength(2);
    expect(pdfText((await download(bulk.body.reports[1])).bytes)).toContain('Match 2 of');

    const beyond = await request(platform.restUrl, 'POST', '/v1/reports', {
      headers: key(),
      body: { searchResultId: a.searchId, index: 99 },
    });
    expect([beyond.status, beyond.body.error.code]).toEqual([404, 'report_not_found']);
    const none = await request(platform.restUrl, 'POST', '/v1/reports', { headers: key(), body: {} });
    expect([none.status, none.body.error.code]).toEqual([400, 'schema_validation_failed']);
    const theirs = await request(platform.restUrl, 'POST', '/v1/reports', {
      headers: auth.xApiKey(sibling.apiKey),
      body: { searchResultId: a.searchId },
    });
    const absent = await request(platform.restUrl, 'POST', '/v1/reports', { headers: key(), body: { searchResultId: '0'.repeat(24) } });
    expect([theirs.status, theirs.body.error.code]).toEqual([404, 'report_not_found']);
    expect(theirs.body.error.message.replace(a.searchId, 'X')).toEqual(absent.body.error.message.replace('0'.repeat(24), 'X'));
  });

  it('[screening.reports.errors] answers errors with the same top-level status as its success, and leaves other envelopes as they were', async () => {
    const absent = await request(platform.restUrl, 'POST', '/v1/reports', { headers: key(), body: { searchResultId: '0'.repeat(24) } });
    expect(absent.status).toBe(404);
    expect(absent.body).toEqual({
      status: 404,
      response: absent.body.error.message,
      error: { code: 'report_not_found', message: expect.any(String) },
    });
    const invalid = await request(platform.restUrl, 'POST', '/v1/reports', { headers: key(), body: { index: 'first' } });
    expect([invalid.status, invalid.body.status, invalid.body.error.code]).toEqual([400, 400, 'schema_validation_failed']);
    expect(invalid.body.response).toBe(invalid.body.error.message);
    const anonymous = await request(platform.restUrl, 'POST', '/v1/reports', { body: { searchResultId: '0'.repeat(24) } });
    expect([anonymous.status, anonymous.body.status, anonymous.body.error.code]).toEqual([401, 401, 'missing_authentication']);
    const unrouted = await request(platform.restUrl, 'DELETE', '/v1/reports', { headers: key() });
    expect([unrouted.status, unrouted.body.status, unrouted.body.error.code]).toEqual([404, 404, 'not_found']);
    // The other areas keep their envelopes: the searches' {msg, status, result: null, error}.
    const searchError = await search({ name: '' });
    expect(Object.keys(searchError.body).sort()).toEqual(['error', 'msg', 'result', 'status']);

    // GraphQL carries the same code and status in the error's extensions.
    const viaGraphql = await graphql(
      platform,
      key(),
      'mutation($input: GenerateScreeningReportsInput!) { generateScreeningReports(input: $input) { reports { id } } }',
      { input: { searchResultId: '0'.repeat(24) } },
    );
    expect(viaGraphql.body.errors[0].extensions).toMatchObject({ code: 'report_not_found', http: { status: 404 } });

    const { paths } = (await request(platform.restUrl, 'GET', '/openapi.json')).body;
    const documented = paths['/v1/reports'].post.responses;
    expect(Object.keys(documented['200'].content['application/json'].schema.properties).sort()).toEqual(['reports', 'response', 'status']);
    expect(documented.default.content['application/json'].schema).toMatchObject({ required: ['status', 'response', 'error'] });
  });
});
