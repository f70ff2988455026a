// kill -9 of the platform process mid-write: a client that retries every unacknowledged create
// under its Idempotency-Key, against the restarted process, ends with exactly one object per key and
// keeps everything that was acknowledged. A create that committed just before the kill, whose answer
// the gateway never stored, is found by the retry in the subgraph's own record of the key
// (platform/idempotency/create-once.ts).
import { freePort } from '../../platform/net/free-port';
import { exited, startPlatformChild } from '../helpers/platform-process';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';

let observer: TestPlatform; // only for its database handle and tenant setup
let tenant: TestTenant;
let ports: Record<string, number>;

beforeAll(async () => {
  observer = await startTestPlatform({ services: [] });
  tenant = await createTestTenant(observer);
  ports = {};
  for (const name of ['REST', 'GATEWAY', 'PROFILES', 'IDV', 'SCREENING', 'RISK']) ports[name] = await freePort();
});
afterAll(() => observer.close());

const startProcess = () => startPlatformChild('profiles,idv,screening,risk,gateway,rest-adapter', ports);

const create = (restUrl: string, key: string) =>
  request(restUrl, 'POST', '/clm/v1/profiles', {
    headers: { ...auth.apiKey(tenant.apiKey), 'Idempotency-Key': key },
    body: { name: key, kind: 'individual' },
  }).catch(() => undefined);

it('retries after kill -9 lose nothing attempted or acknowledged and create nothing twice', async () => {
  const first = await startProcess();
  const acknowledged = new Map<string, string>();
  const attempted: string[] = [];
  let killed = false;
  const writers = Array.from({ length: 4 }, (_, writer) =>
    (async () => {
      for (let i = 0; !killed; i++) {
        const key = `kill9-${writer}-${i}`;
        attempted.push(key);
        const response = await create(first.restUrl, key);
        if (response?.status === 201) acknowledged.set(key, response.body.result.profile.id);
      }
    })(),
  );
  // Killed mid-traffic once it is warm (a loaded machine may take seconds for the first answers):
  // the writers have requests in flight.
  for (const deadline = Date.now() + 90_000; acknowledged.size < 20 && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 50));
  first.child.kill('SIGKILL');
  killed = true;
  await Promise.all(writers);
  await exited(first.child);
  // Really gone: nothing answers on its port until the restart.
  expect(
    await fetch(`${first.restUrl}/healthz`).then(
      () => 'answered',
      () => 'refused',
    ),
  ).toBe('refused');
  expect(acknowledged.size).toBeGreaterThan(0);

  const second = await startProcess();
  try {
    for (const key of attempted) {
      const retried = await create(second.restUrl, key);
      expect([key, retried?.status]).toEqual([key, 201]);
      if (acknowledged.has(key)) expect(retried!.body.result.profile.id).toBe(acknowledged.get(key));
    }
    const stored = await observer.db.profile.findMany({
      where: { tenantId: tenant.tenantId, name: { startsWith: 'kill9-' } },
      select: { name: true },
    });
    const perKey = new Map<string, number>();
    for (const profile of stored) perKey.set(profile.name, (perKey.get(profile.name) ?? 0) + 1);
    // Nothing attempted is lost: every key has its object; and no key has two.
    expect(perKey.size).toBe(attempted.length);
    expect([...perKey.entries()].filter(([, count]) => count > 1)).toEqual([]);
  } finally {
    second.child.kill('SIGTERM');
    await exited(second.child);
  }
}, 300_000);
