// Service tests against the test database (no HTTP): the audited data read fails closed when the
// injected audit writer fails, and writes its entry before any decryption happens; concurrent
// creates with one idempotency key make one session.
import { loadConfig } from '../../../platform/config';
import { createDb, Db } from '../../../platform/db/prisma';
import { newId } from '../../../platform/ids/new-id';
import { Principal } from '../../../platform/principal/principal';
import { createTenant, createWorkspace } from '../../../platform/tenancy/tenancy-store';
import { AuditEntry } from './audit';
import { readSessionData } from './data-service';
import { createIdvDeps, IdvDeps } from './deps';
import { completeAssessment, startAssessment, submitSession } from './lifecycle-service';
import { createSession } from './session-service';

let db: Db;
let principal: Principal;
let deps: IdvDeps;
const profileId = 'prf_unit_profile';

beforeAll(async () => {
  const config = loadConfig(process.env);
  db = createDb(config.databaseUrl);
  const tenant = await createTenant(db, 'idv-unit');
  const workspace = await createWorkspace(db, tenant.id, 'idv-unit');
  principal = { tenantId: tenant.id, workspaceId: workspace.id, actorId: newId('app'), kind: 'application', entitlements: {} };
  deps = createIdvDeps(db, config, {
    // No profiles service in a unit test: the lookup is a stub.
    profileLookup: async (_scope, id) => ({ id, email: 'x@example.com', erasureClaimed: false }),
    themeSnapshot: async () => null,
  });
});
afterAll(() => db.$disconnect());

async function assessedSession(): Promise<string> {
  const created = await createSession(deps, principal, { profileId });
  const id = created.session.id;
  await submitSession(deps, principal, id);
  await startAssessment(deps, principal, id);
  await completeAssessment(deps, principal, id, {
    decision: 'review',
    flagCategories: ['idv'],
    results: { ocr_fields: [{ field: 'surname', value: 'SECRET', confidence: 0.9 }] },
  });
  return id;
}

it('fails closed with service_unavailable and no data when the audit writer fails', async () => {
  const id = await assessedSession();
  const opened = jest.fn();
  const failing: IdvDeps = {
    ...deps,
    audit: async () => {
      throw new Error('audit store down');
    },
    keyProvider: {
      keyId: deps.keyProvider.keyId,
      wrap: deps.keyProvider.wrap.bind(deps.keyProvider),
      unwrap: (...args) => (opened(), deps.keyProvider.unwrap(...args)),
    },
  };
  await expect(readSessionData(failing, principal, id, 'req-1')).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
  expect(opened).not.toHaveBeenCalled();
});

it('writes the audit entry before decrypting, then returns the data', async () => {
  const id = await assessedSession();
  const order: string[] = [];
  const entries: AuditEntry[] = [];
  const recording: IdvDeps = {
    ...deps,
    audit: async (entry) => {
      order.push('audit');
      entries.push(entry);
    },
    keyProvider: {
      keyId: deps.keyProvider.keyId,
      wrap: deps.keyProvider.wrap.bind(deps.keyProvider),
      unwrap: (...args) => (order.push('decrypt'), deps.keyProvider.unwrap(...args)),
    },
  };
  const data = await readSessionData(recording, principal, id, 'req-2');
  // Results stored before barcodes were read name no source: their fields are the MRZ's.
  expect(data.ocr_fields).toEqual([{ field: 'surname', value: 'SECRET', confidence: 0.9, source: 'mrz' }]);
  expect(order).toEqual(['audit', 'decrypt']);
  expect(entries[0]).toMatchObject({ outcome: 'allowed', resourceId: id, requestId: 'req-2', actorKind: 'application' });
});

it('denials are audited too (capture principal, unknown session)', async () => {
  const id = await assessedSession();
  const entries: AuditEntry[] = [];
  const recording: IdvDeps = { ...deps, audit: async (entry) => void entries.push(entry) };
  const capture: Principal = { ...principal, kind: 'capture', actorId: id, sessionId: id };
  await expect(readSessionData(recording, capture, id)).rejects.toMatchObject({ code: 'unauthorized' });
  await expect(readSessionData(recording, principal, 'idvs_absent')).rejects.toMatchObject({ code: 'idv_session_not_found' });
  expect(entries.map((entry) => entry.outcome)).toEqual(['denied', 'denied']);
});

it('50 concurrent service-level creates with one key: one session, one token, the rest replays', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, () => createSession(deps, principal, { profileId, idempotencyKey: 'unit-concurrent' })),
  );
  const rejected = results.filter((result) => result.status === 'rejected');
  expect(rejected).toEqual([]);
  const values = results.map((result) => (result as PromiseFulfilledResult<Awaited<ReturnType<typeof createSession>>>).value);
  expect(new Set(values.map((value) => value.session.id)).size).toBe(1);
  expect(values.filter((value) => value.sessionToken !== '')).toHaveLength(1);
  expect(values.filter((value) => value.replayed)).toHaveLength(49);
  expect(await db.idvSession.count({ where: { tenantId: principal.tenantId, id: values[0].session.id } })).toBe(1);
});
