// An acknowledged search is never lost: `POST /v1/search-sync` answers 200 only once its request,
// result and matches are committed (one statement, docs/performance.md), so a kill -9 of the
// platform process right after answers keeps every search that was answered, with all its matches.
import { freePort } from '../../platform/net/free-port';
import { exited, startPlatformChild } from '../helpers/platform-process';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { BIS_DPL, importList } from '../screening/screening-helpers';

let observer: TestPlatform; // only for its database handle and tenant setup
let tenant: TestTenant;
const ports: Record<string, number> = {};

beforeAll(async () => {
  observer = await startTestPlatform({ services: [] });
  tenant = await createTestTenant(observer);
  await importList(observer, 'bis_dpl', BIS_DPL); // searches need a list (an empty index answers 503)
  for (const name of ['REST', 'GATEWAY', 'PROFILES', 'IDV', 'SCREENING', 'RISK']) ports[name] = await freePort();
});
afterAll(() => observer.close());

// Names of the list (their matches are stored too) and names without a match.
const NAMES = ['Aaron Abraham Villa', 'I. Ash', 'Jane Example Doe', 'Ivan Petrov'];

it('keeps every answered search and its matches after kill -9 mid-traffic', async () => {
  const platform = await startPlatformChild('screening,gateway,rest-adapter', ports);
  const answered = new Map<string, number>(); // search id → matches answered
  let killed = false;
  const writers = Array.from({ length: 4 }, (_, writer) =>
    (async () => {
      for (let i = 0; !killed; i++) {
        const body = { name: NAMES[(writer + i) % NAMES.length], custom_id: `kill9-search-${writer}-${i}` };
        const response = await request(platform.restUrl, 'POST', '/v1/search-sync', { headers: auth.xApiKey(tenant.apiKey), body }).catch(
          () => undefined,
        );
        if (response?.status === 200) answered.set(response.body.result.searchId, response.body.result.results.length);
      }
    })(),
  );
  // Killed while the writers have searches in flight, once some have been answered.
  for (const deadline = Date.now() + 90_000; answered.size < 30 && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 20));
  platform.child.kill('SIGKILL');
  killed = true;
  await Promise.all(writers);
  await exited(platform.child);
  expect(answered.size).toBeGreaterThan(0);
  expect([...answered.values()].some((count) => count > 0)).toBe(true);

  const ids = [...answered.keys()];
  const stored = await observer.db.searchRequest.findMany({ where: { tenantId: tenant.tenantId, id: { in: ids } }, select: { id: true } });
  expect(stored.map((row) => row.id).sort()).toEqual(ids.sort());
  const matches = await observer.db.searchMatch.groupBy({
    by: ['requestId'],
    where: { tenantId: tenant.tenantId, requestId: { in: ids } },
    _count: { _all: true },
  });
  const storedMatches = new Map(matches.map((row) => [row.requestId, row._count._all]));
  for (const [id, count] of answered) expect([id, storedMatches.get(id) ?? 0]).toEqual([id, count]);
}, 240_000);
