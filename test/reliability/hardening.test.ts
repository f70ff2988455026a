// Transport hardening and bad input: security headers on every surface (with CSPs that keep the
// offline docs and playground working), JSON depth limits, malformed path escapes, unknown
// operation names and GraphQL operation limits all answer 4xx in their envelope, never 5xx.
import { pageCsp } from '../../platform/http/security-headers';
import { docsHtml } from '../../rest-adapter/docs/docs-page';
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform);
});
afterAll(() => platform.close());

const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const gatewayBase = () => platform.gatewayUrl.replace(/\/graphql$/, '');

describe('security headers', () => {
  it.each(['rest-adapter', 'gateway', 'profiles', 'idv', 'screening', 'risk'] as const)(
    '%s sends them on every response',
    async (service) => {
      const base = platform.urls[service]!.replace(/\/graphql$/, '');
      const response = await request(base, 'GET', '/healthz');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      // Express's own 404 keeps the headers and an even stricter policy.
      const unmatched = await request(base, 'GET', '/no-such-path');
      expect(unmatched.headers.get('x-content-type-options')).toBe('nosniff');
      expect(unmatched.headers.get('content-security-policy')).toMatch(/default-src 'none'|frame-ancestors 'none'/);
    },
  );

  it('lets the docs and playground pages run their inline script by hash, nothing else inline', async () => {
    const docs = await request(platform.restUrl, 'GET', '/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).toBe(pageCsp(docsHtml()));
    expect(docs.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(docs.headers.get('content-security-policy')).not.toContain("'unsafe-inline' 'sha256");
    const playground = await request(gatewayBase(), 'GET', '/playground');
    expect(playground.status).toBe(200);
    expect(playground.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
  });

  it('keeps /metrics behind the operator token', async () => {
    expect((await request(platform.restUrl, 'GET', '/metrics')).status).toBe(401);
    expect((await request(platform.restUrl, 'GET', '/metrics', { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    const allowed = await request(platform.restUrl, 'GET', '/metrics', {
      headers: { Authorization: `Bearer ${process.env.VIGIL_OPERATOR_TOKEN}` },
    });
    expect(allowed.status).toBe(200);
  });
});

describe('bad input is a 4xx', () => {
  it('a malformed percent-escape in a path id: 400 in the area envelope', async () => {
    const clm = await request(platform.restUrl, 'GET', '/clm/v1/profiles/%E0%A4%A', { headers: auth.apiKey(tenant.apiKey) });
    expect(clm.status).toBe(400);
    expect(clm.body).toMatchObject({ status: 400, result: null, error: { code: 'schema_validation_failed' } });
    const idv = await request(platform.restUrl, 'GET', '/idv/v1/sessions/%ZZ', { headers: auth.apiKey(tenant.apiKey) });
    expect(idv.status).toBe(400);
    expect(idv.body.error.code).toBe('schema_validation_failed');
  });

  it('JSON nested 5,000 deep: 400 naming the limit, never engine internals, also under concurrency', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        request(platform.restUrl, 'POST', '/clm/v1/profiles', {
          headers: { ...auth.apiKey(tenant.apiKey), 'content-type': 'application/json' },
          rawBody: deepJson(5_000),
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: 'schema_validation_failed', message: 'Malformed JSON body: nested deeper than 64 levels' });
      expect(answer.text).not.toMatch(/call stack/i);
    }
    const gateway = await request(gatewayBase(), 'POST', '/graphql', {
      headers: { ...auth.apiKey(tenant.apiKey), 'content-type': 'application/json' },
      rawBody: `{"query":"{__typename}","variables":{"a":${deepJson(5_000)}}}`,
    });
    expect(gateway.status).toBe(400);
    expect(gateway.body.errors[0]).toMatchObject({
      message: 'JSON body nested deeper than 64 levels',
      extensions: { code: 'schema_validation_failed' },
    });
    const subgraph = await request(platform.urls.profiles!.replace(/\/graphql$/, ''), 'POST', '/graphql', {
      headers: { 'content-type': 'application/json' },
      rawBody: deepJson(5_000),
    });
    expect(subgraph.status).toBeLessThan(500);
  });

  it('an unknown GraphQL operation name: 400', async () => {
    const response = await request(gatewayBase(), 'POST', '/graphql', {
      headers: auth.apiKey(tenant.apiKey),
      body: { query: '{__typename}', operationName: 'Nope' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('schema_validation_failed');
  });

  it('malformed JSON to the gateway: 400 in GraphQL shape', async () => {
    const response = await request(gatewayBase(), 'POST', '/graphql', {
      headers: { ...auth.apiKey(tenant.apiKey), 'content-type': 'application/json' },
      rawBody: '{"query":',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('schema_validation_failed');
  });
});

describe('GraphQL operation limits', () => {
  it('refuses 1,000 aliases of a list before execution', async () => {
    const aliases = Array.from({ length: 1_000 }, (_, i) => `a${i}: profiles(first: 100) { totalCount }`).join(' ');
    const started = Date.now();
    const response = await graphql(platform, auth.apiKey(tenant.apiKey), `{ ${aliases} }`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions).toEqual({ code: 'graphql_limit_exceeded', http: { status: 400 } });
    expect(response.body.data).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('accepts 15 aliases and refuses 16', async () => {
    const aliased = (count: number) =>
      `{ ${Array.from({ length: count }, (_, i) => `a${i}: profiles(first: 1) { totalCount }`).join(' ')} }`;
    expect((await graphql(platform, auth.apiKey(tenant.apiKey), aliased(15))).body.errors).toBeUndefined();
    const refused = await graphql(platform, auth.apiKey(tenant.apiKey), aliased(16));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({
      message: 'Aliases limit of 15 exceeded, found 16.',
      extensions: { code: 'graphql_limit_exceeded' },
    });
  });
});

it('turns introspection off when configured', async () => {
  const closed = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'risk', 'gateway'],
    config: { introspection: false },
  });
  try {
    const response = await graphql(closed, auth.apiKey(tenant.apiKey), '{ __schema { types { name } } }');
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('schema_validation_failed');
  } finally {
    await closed.close();
  }
});
