// The profile insert (POST /clm/v1/profiles, GraphQL createProfile) runs a constant number of SQL
// statements, all of them named prepared statements on the pool (no Prisma query, whose per-call
// compilation was the largest share of the insert's CPU: docs/performance.md "Read path"), in one
// transaction, whatever the request carries: custom field values, group assignments, an
// idempotency key. Statements are counted at the PostgreSQL driver (every pg client of this
// process: Prisma's adapter and the raw pools alike) while one request runs through the gateway.
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { installStatementRecorder, StatementRecorder, unnamedStatements } from '../helpers/statement-recorder';
import { defineTextCustomFields } from '../helpers/profile-fixtures';

let platform: TestPlatform;
let tenant: TestTenant;
const groupIds: string[] = [];
let recorder: StatementRecorder;

beforeAll(async () => {
  recorder = installStatementRecorder();
  platform = await startTestPlatform({ services: ['profiles', 'gateway', 'rest-adapter'] });
  tenant = await createTestTenant(platform);
  await defineTextCustomFields(platform, tenant, ['customer_ref', 'segment']);
  for (const name of ['Insert A', 'Insert B', 'Insert C']) {
    const group = await request(platform.restUrl, 'POST', '/tenant-config/v1/profile-groups', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { name },
    });
    expect(group.status).toBe(201);
    groupIds.push(group.body.result.profileGroup.id);
  }
}, 180_000);

afterAll(async () => {
  recorder?.uninstall();
  await platform?.close();
});

let created = 0;

/** The statements one POST /clm/v1/profiles runs (after a first request warmed the credential and definition caches). */
async function statementsOfPost(body: () => Record<string, unknown>, headers: () => Record<string, string> = () => ({})) {
  const post = () =>
    request(platform.restUrl, 'POST', '/clm/v1/profiles', { headers: { ...auth.xApiKey(tenant.apiKey), ...headers() }, body: body() });
  expect((await post()).status).toBe(201);
  recorder.start();
  let response;
  try {
    response = await post();
  } finally {
    recorder.stop();
  }
  expect(response.status).toBe(201);
  const counted = recorder.texts.map((text, index) => ({ text, name: recorder.names[index] })).filter(({ name }) => name !== SWEEP);
  return { texts: counted.map(({ text }) => text), names: counted.map(({ name }) => name), profile: response.body.result.profile };
}

/** The gateway's sweep of expired idempotency keys, at most once a minute, started by a keyed
 * request and not awaited by it: not part of any one request, it may land in a counted one. */
const SWEEP = 'idempotency_sweep';

it('inserts a plain profile in one transaction of two prepared statements', async () => {
  const plain = await statementsOfPost(() => ({ name: `Plain ${created++}`, kind: 'individual' }));
  expect(plain.texts).toHaveLength(4);
  expect(plain.texts[0]).toMatch(/^BEGIN; SET LOCAL statement_timeout = \d+; SET LOCAL idle_in_transaction_session_timeout = \d+$/);
  expect(plain.texts.at(-1)).toBe('COMMIT');
  expect(unnamedStatements(plain)).toEqual([]);
  expect(plain.profile).toMatchObject({ kind: 'individual', status: 'not_screened', profileGroupIds: [] });
  expect(plain.profile.updatedAt).toBe(plain.profile.createdAt);
});

it('inserts values, assignments and the idempotency record in a constant number of prepared statements', async () => {
  let key = 0;
  const keyed = () => ({ 'Idempotency-Key': `insert-path-${process.pid}-${key++}` });
  const one = await statementsOfPost(
    () => ({
      name: `One ${created++}`,
      kind: 'individual',
      profileCustomFields: { customer_ref: 'C-1' },
      profileGroupIds: groupIds.slice(0, 1),
    }),
    keyed,
  );
  const many = await statementsOfPost(
    () => ({
      name: `Many ${created++}`,
      kind: 'company',
      profileCustomFields: { customer_ref: 'C-2', segment: 'retail' },
      profileGroupIds: [...groupIds].reverse(),
    }),
    keyed,
  );
  expect(many.texts.length).toBe(one.texts.length);
  // the gateway's claim of the key; the subgraph's record of the key (before the transaction), BEGIN,
  // definitions, groups, the insert, the record, COMMIT; the gateway's record of the answer
  expect(many.texts.length).toBeLessThanOrEqual(9);
  expect(unnamedStatements(many)).toEqual([]);
  expect(many.profile.profileGroupIds).toEqual([...groupIds].reverse());
  expect(many.profile.profileCustomFields).toEqual([
    { key: 'customer_ref', label: 'customer_ref', type: 'text', value: 'C-2' },
    { key: 'segment', label: 'segment', type: 'text', value: 'retail' },
  ]);
  // What the answer primed is what was stored.
  const read = await request(platform.restUrl, 'GET', `/clm/v1/profiles/${many.profile.id}`, { headers: auth.xApiKey(tenant.apiKey) });
  expect(read.body.result.profile).toEqual(many.profile);
});

it('replaces an expired record of the key in the insert transaction', async () => {
  const key = { 'Idempotency-Key': `insert-path-expired-${process.pid}` };
  const body = { name: `Expired ${created++}`, kind: 'individual' };
  const post = () => request(platform.restUrl, 'POST', '/clm/v1/profiles', { headers: { ...auth.xApiKey(tenant.apiKey), ...key }, body });
  const first = await post();
  expect(first.status).toBe(201);
  // The gateway's own record of the answer would replay it: forget it, and age the subgraph's past 24 h.
  await platform.db.$executeRawUnsafe(`DELETE FROM platform.idempotent_requests WHERE tenant_id = $1`, tenant.tenantId);
  expect(await post()).toMatchObject({ status: 201, body: { result: { profile: { id: first.body.result.profile.id } } } });
  await platform.db.$executeRawUnsafe(
    `UPDATE profiles.idempotent_creates SET created_at = created_at - interval '25 hours' WHERE tenant_id = $1`,
    tenant.tenantId,
  );
  await platform.db.$executeRawUnsafe(`DELETE FROM platform.idempotent_requests WHERE tenant_id = $1`, tenant.tenantId);
  const again = await post();
  expect(again.status).toBe(201);
  expect(again.body.result.profile.id).not.toBe(first.body.result.profile.id);
});

it('creates through GraphQL with no Prisma query either', async () => {
  const create = () =>
    graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      'mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id name profileGroupIds profileCustomFields { key value } } }',
      {
        input: {
          name: `GraphQL ${created++}`,
          kind: 'individual',
          profileGroupIds: groupIds.slice(1),
          profileCustomFields: [{ key: 'segment', value: '"smb"' }],
        },
      },
    );
  expect((await create()).body.errors).toBeUndefined();
  recorder.start();
  let response;
  try {
    response = await create();
  } finally {
    recorder.stop();
  }
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.createProfile.profileGroupIds).toEqual(groupIds.slice(1));
  expect(response.body.data.createProfile.profileCustomFields).toEqual([{ key: 'segment', value: '"smb"' }]);
  // BEGIN, definitions, groups, the insert, COMMIT
  expect(recorder.texts).toHaveLength(5);
  expect(unnamedStatements({ texts: recorder.texts, names: recorder.names })).toEqual([]);
});

it('bounds a raw transaction as Prisma bounds its own: no statement, and no idle wait, past the limit', async () => {
  const limits = await platform.db.$rawTransaction(async (tx) => [
    ...(await tx.run('SHOW statement_timeout', [])),
    ...(await tx.run('SHOW idle_in_transaction_session_timeout', [])),
  ]);
  expect(limits.map((row) => Object.values(row)[0])).toEqual(['15s', '15s']);
  // Local to the transaction: the pooled connection goes back without them.
  const after = await platform.db.$readRows('SHOW statement_timeout', []);
  expect(Object.values(after[0])[0]).toBe('0');
});

it('bounds a raw transaction by a deadline of its own when given one (an import): nothing commits after it', async () => {
  const limits = await platform.db.$rawTransaction(
    async (tx) => [...(await tx.run('SHOW statement_timeout', [])), ...(await tx.run('SHOW idle_in_transaction_session_timeout', []))],
    { timeoutMs: 120_000 },
  );
  expect(limits.map((row) => Object.values(row)[0])).toEqual(['2min', '2min']);
  await expect(
    platform.db.$rawTransaction(
      async (tx) => {
        await tx.run(
          `INSERT INTO screening.watchlist_sources (source, format, updated_at) VALUES ('deadline_probe', 'ftm_jsonl', now())`,
          [],
        );
        // The work outlasts the deadline between statements (as an import parsing its file does).
        const until = Date.now() + 40;
        while (Date.now() < until) {
          // busy: no timer, so the deadline is passed when the work returns
        }
      },
      { timeoutMs: 20 },
    ),
    // On a slow machine the insert itself may already run into the statement timeout: either way nothing commits.
  ).rejects.toThrow(/deadline|statement timeout/);
  expect(await platform.db.$readRows(`SELECT source FROM screening.watchlist_sources WHERE source = 'deadline_probe'`, [])).toEqual([]);
});
