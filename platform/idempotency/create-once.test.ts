import { CreateKey, createKeyOf, createOnce, CreateRecord, CreateRecordStore, CREATE_KEY_TTL_MS } from './create-once';
import type { Principal } from '../principal/principal';

const principal: Principal = {
  tenantId: 't',
  workspaceId: 'w',
  actorId: 'app_1',
  kind: 'application',
  entitlements: {},
  idempotencyKey: 'k1',
};
const field = { fieldName: 'createProfile', path: { key: 'createProfile' } };

describe('createKeyOf', () => {
  it('is undefined without a key from the gateway', () => {
    expect(createKeyOf({ ...principal, idempotencyKey: undefined }, field, { input: { name: 'a' } })).toBeUndefined();
  });

  it('names the field and its response key, and never holds the key itself', () => {
    const key = createKeyOf(principal, field, { input: { name: 'a' } })!;
    expect(key.operation).toBe('createProfile:createProfile');
    expect(JSON.stringify(key)).not.toContain('k1');
    expect(createKeyOf(principal, { ...field, path: { key: 'second' } }, { input: { name: 'a' } })!.operation).toBe('createProfile:second');
  });

  it('binds the key to its caller', () => {
    const mine = createKeyOf(principal, field, {})!;
    expect(createKeyOf({ ...principal, actorId: 'app_2' }, field, {})!.keyHash).not.toBe(mine.keyHash);
    expect(createKeyOf({ ...principal, idempotencyKey: 'k2' }, field, {})!.keyHash).not.toBe(mine.keyHash);
  });

  it('fingerprints the arguments whatever their key order, without the idempotencyKey argument', () => {
    const a = createKeyOf(principal, field, { input: { name: 'a', kind: 'individual', n: BigInt(1) } })!;
    const b = createKeyOf(principal, field, { idempotencyKey: 'k1', input: { kind: 'individual', n: BigInt(1), name: 'a' } })!;
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(createKeyOf(principal, field, { input: { name: 'b', kind: 'individual', n: BigInt(1) } })!.fingerprint).not.toBe(a.fingerprint);
  });
});

/** Records in memory; `insert` refuses a held key the way the unique index does. */
function memoryStore(): CreateRecordStore<'tx'> & { rows: Map<string, CreateRecord & { at: number }> } {
  const rows = new Map<string, CreateRecord & { at: number }>();
  const id = (key: CreateKey) => `${key.operation}/${key.keyHash}`;
  return {
    rows,
    async find(key, notBefore) {
      const row = rows.get(id(key));
      return row && row.at >= notBefore.getTime() ? row : null;
    },
    async insert(_tx, key, objectId, notBefore) {
      const held = rows.get(id(key));
      if (held && held.at >= notBefore.getTime()) throw Object.assign(new Error('unique violation'), { code: 'P2002' });
      rows.set(id(key), { fingerprint: key.fingerprint, objectId, at: Date.now() });
    },
  };
}

describe('createOnce', () => {
  const key = createKeyOf(principal, field, { input: { name: 'a' } })!;
  const steps = (made: string[]) => ({
    create: async (record: ((tx: 'tx', id: string) => Promise<void>) | undefined) => {
      const id = `obj_${made.length + 1}`;
      await record?.('tx', id);
      made.push(id);
      return id;
    },
    replay: async (id: string) => `replayed ${id}`,
    reused: () => new Error('idempotency_key_reused'),
  });

  it('creates once and replays the object afterwards', async () => {
    const store = memoryStore();
    const made: string[] = [];
    expect(await createOnce(key, store, steps(made))).toBe('obj_1');
    expect(await createOnce(key, store, steps(made))).toBe('replayed obj_1');
    expect(made).toEqual(['obj_1']);
  });

  it('refuses the key for other arguments', async () => {
    const store = memoryStore();
    await createOnce(key, store, steps([]));
    await expect(createOnce({ ...key, fingerprint: 'other' }, store, steps([]))).rejects.toThrow('idempotency_key_reused');
  });

  it('answers the winner when a concurrent create took the key first', async () => {
    const store = memoryStore();
    const made: string[] = [];
    // The winner's record lands between this create's lookup and its own insert.
    const racing = { ...store, find: jest.fn((...args: Parameters<typeof store.find>) => store.find(...args)) };
    racing.find.mockResolvedValueOnce(null);
    await store.insert('tx', key, 'obj_winner', new Date(0));
    expect(await createOnce(key, racing, steps(made))).toBe('replayed obj_winner');
    expect(made).toEqual([]);
  });

  it('keeps its own error when no other create holds the key', async () => {
    const failing = { ...steps([]), create: async () => Promise.reject(new Error('profile_validation_failed')) };
    await expect(createOnce(key, memoryStore(), failing)).rejects.toThrow('profile_validation_failed');
  });

  it('treats a record past its 24 h as absent', async () => {
    const store = memoryStore();
    await createOnce(key, store, steps([]));
    for (const row of store.rows.values()) row.at -= CREATE_KEY_TTL_MS + 1;
    const made: string[] = [];
    expect(await createOnce(key, store, steps(made))).toBe('obj_1');
    expect(made).toEqual(['obj_1']);
  });

  it('creates every time without a key', async () => {
    const made: string[] = [];
    await createOnce(undefined, memoryStore(), steps(made));
    await createOnce(undefined, memoryStore(), steps(made));
    expect(made).toEqual(['obj_1', 'obj_2']);
  });
});
