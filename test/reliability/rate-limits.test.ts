// Rate limits (platform/http/rate-limit.ts): per key, per client address, and failed
// authentication limited harder; 429 with Retry-After in the area's envelope.
import { TokenBuckets } from '../../platform/http/rate-limit';
import {
  ApiResponse,
  auth,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';

describe('token buckets', () => {
  it('allow a burst, then one token per refill interval, and say how long to wait', () => {
    const buckets = new TokenBuckets({ perSecond: 2, burst: 3 });
    const now = 1_000_000;
    expect([buckets.take('a', now), buckets.take('a', now), buckets.take('a', now)]).toEqual([0, 0, 0]);
    expect(buckets.take('a', now)).toBe(1);
    expect(buckets.take('b', now)).toBe(0);
    expect(buckets.take('a', now + 500)).toBe(0);
    expect(buckets.peek('a', now + 500)).toBe(1);
  });
});

describe('through the public surfaces', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;

  beforeAll(async () => {
    platform = await startTestPlatform({
      config: {
        rateLimits: {
          perKey: { perSecond: 0.05, burst: 5 },
          perAddress: { perSecond: 0.05, burst: 60 },
          authFailures: { perSecond: 0.05, burst: 3 },
        },
      },
    });
    tenant = await createTestTenant(platform);
  });
  afterAll(() => platform.close());

  it('answers 429 with Retry-After once a key spends its burst, other keys unaffected', async () => {
    const statuses: number[] = [];
    let limited: ApiResponse | undefined;
    for (let i = 0; i < 7; i++) {
      const response = await request(platform.restUrl, 'GET', '/clm/v1/profiles', { headers: auth.apiKey(tenant.apiKey) });
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited!.body).toMatchObject({ status: 429, result: null, error: { code: 'rate_limited' } });
    const other = await createTestTenant(platform);
    expect((await request(platform.restUrl, 'GET', '/clm/v1/profiles', { headers: auth.apiKey(other.apiKey) })).status).toBe(200);
  });

  it('limits failed authentication harder: guessed keys get 429 after a few 401s', async () => {
    const statuses: number[] = [];
    let last: ApiResponse | undefined;
    for (let i = 0; i < 6; i++) {
      last = await request(platform.restUrl, 'GET', '/idv/v1/sessions', { headers: auth.apiKey(`vgl_guess_${i}`) });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    expect(last!.body).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('never refuses a valid key for the failures of others: 20 bad keys from one address, then a valid key answers 200', async () => {
    const fresh = await createTestTenant(platform);
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i++) {
      statuses.add((await request(platform.restUrl, 'GET', '/clm/v1/profiles', { headers: auth.apiKey(`vgl_wrong_${i}`) })).status);
    }
    expect(statuses).toEqual(new Set([429]));
    expect((await request(platform.restUrl, 'GET', '/clm/v1/profiles', { headers: auth.apiKey(fresh.apiKey) })).status).toBe(200);
    // A valid key on a route that refuses its form still gets the failure answer (throttled), and
    // the same key keeps working where it is accepted.
    expect((await request(platform.restUrl, 'GET', '/idv/v1/sessions/idvs_x/status', { headers: auth.apiKey(fresh.apiKey) })).status).toBe(
      429,
    );
    expect((await request(platform.restUrl, 'GET', '/idv/v1/sessions', { headers: auth.apiKey(fresh.apiKey) })).status).toBe(200);
  });

  it('GraphQL: 20 bad keys from one address, then a valid key answers 200 at the gateway', async () => {
    const fresh = await createTestTenant(platform);
    const statuses = new Set<number>();
    let last: ApiResponse | undefined;
    for (let i = 0; i < 20; i++) {
      last = await graphql(platform, auth.apiKey(`vgl_wrong_${i}`), '{ __typename }');
      statuses.add(last.status);
    }
    expect(statuses).toEqual(new Set([401, 429]));
    expect(last!.status).toBe(429);
    expect(last!.body.errors[0].extensions.code).toBe('rate_limited');
    expect(last!.headers.get('retry-after')).toBeTruthy();
    expect((await graphql(platform, auth.apiKey(fresh.apiKey), '{ __typename }')).status).toBe(200);
  });

  it('limits direct GraphQL callers at the gateway, with extensions.code', async () => {
    const fresh = await createTestTenant(platform);
    const statuses: number[] = [];
    let last: ApiResponse | undefined;
    for (let i = 0; i < 6; i++) {
      last = await graphql(platform, auth.apiKey(fresh.apiKey), '{ __typename }');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.body.errors[0].extensions).toEqual({ code: 'rate_limited', http: { status: 429 } });
    expect(last!.headers.get('retry-after')).toBeTruthy();
  });
});
