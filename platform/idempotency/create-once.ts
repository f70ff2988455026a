// Idempotent creates inside a subgraph's own transaction, the second of two layers
// (docs/reliability.md "Idempotent creates"). The gateway keeps each keyed request's answer
// (gateway/idempotency-plugin.ts), but a process that dies after the create committed and before
// that answer was stored leaves no trace there, and a retry past the lease would create again. So
// the gateway hands the key down with the signed principal and each create records it, hashed
// with the caller, in the same transaction as the object it makes: a retry finds the record and
// answers the object it names; a concurrent one blocks on the record's unique index and does the same.
import crypto from 'node:crypto';
import type { Principal } from '../principal/principal';

/** How long a key is remembered (as at the gateway). */
export const CREATE_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface CreateKey {
  /** The mutation field and its response key, so two creates of one keyed request keep apart. */
  operation: string;
  /** SHA-256 of the principal's actor and the client's key (the key itself is not stored). */
  keyHash: string;
  /** SHA-256 of the create's arguments: the same key with other arguments is refused. */
  fingerprint: string;
}

/** What a domain's record of a keyed create holds. */
export interface CreateRecord {
  fingerprint: string;
  objectId: string;
}

/** A domain's data access for its create records, bound to the caller's tenant and workspace. */
export interface CreateRecordStore<Tx> {
  /** The record of the key, unless absent or older than CREATE_KEY_TTL_MS. */
  find(key: CreateKey, notBefore: Date): Promise<CreateRecord | null>;
  /** Writes the record in the create's transaction (an expired one of the same key is replaced);
   * fails on the unique index when another create holds the key. */
  insert(tx: Tx, key: CreateKey, objectId: string, notBefore: Date): Promise<void>;
}

export interface ResolvedField {
  fieldName: string;
  path: { key: string | number };
}

/** The key of this create, or undefined when the request carries none. */
export function createKeyOf(principal: Principal, field: ResolvedField, args: Record<string, unknown>): CreateKey | undefined {
  const key = principal.idempotencyKey;
  if (!key) return undefined;
  // The argument is the key itself (header or argument, one key): not part of what is created.
  const { idempotencyKey: _key, ...rest } = args;
  return {
    operation: `${field.fieldName}:${String(field.path.key)}`,
    keyHash: sha256(JSON.stringify([principal.actorId, key])),
    fingerprint: sha256(stableJson(rest)),
  };
}

export interface CreateSteps<T, Tx> {
  /** Runs the create; `record` (when the request is keyed) must be awaited inside its transaction
   * with the id of the object it made. */
  create(record: ((tx: Tx, objectId: string) => Promise<void>) | undefined): Promise<T>;
  /** The answer for an object an earlier request with the key made. */
  replay(objectId: string): Promise<T>;
  /** The domain's 422 idempotency_key_reused error. */
  reused(): Error;
}

export async function createOnce<T, Tx>(key: CreateKey | undefined, store: CreateRecordStore<Tx>, steps: CreateSteps<T, Tx>): Promise<T> {
  if (!key) return steps.create(undefined);
  const notBefore = new Date(Date.now() - CREATE_KEY_TTL_MS);
  const earlier = await store.find(key, notBefore);
  if (earlier) return answerEarlier(earlier, key, steps);
  try {
    return await steps.create((tx, objectId) => store.insert(tx, key, objectId, notBefore));
  } catch (error) {
    // A concurrent request with the key committed first (its record's unique index refused ours,
    // or a unique index of the object did): answer its object. Anything else is this request's error.
    const winner = await store.find(key, notBefore).catch(() => null);
    if (winner) return answerEarlier(winner, key, steps);
    throw error;
  }
}

function answerEarlier<T, Tx>(earlier: CreateRecord, key: CreateKey, steps: CreateSteps<T, Tx>): Promise<T> {
  if (earlier.fingerprint !== key.fingerprint) throw steps.reused();
  return steps.replay(earlier.objectId);
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** JSON with object keys sorted (the same arguments in another order are the same create); Dates
 * as ISO text, bigints as digits. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_name, item: unknown) => {
    if (typeof item === 'bigint') return item.toString();
    if (item && typeof item === 'object' && !Array.isArray(item) && !(item instanceof Date)) {
      return Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return item;
  });
}

/** Columns that identify a record: the caller's scope, the operation and the key hash. */
export interface CreateRecordId {
  tenantId: string;
  workspaceId: string;
  operation: string;
  keyHash: string;
}

/** The Prisma model of a domain's `idempotent_creates` table (each domain has its own, in its
 * schema, with these columns and primary key). */
export interface CreateRecordRows {
  findUnique(args: {
    where: { tenantId_workspaceId_operation_keyHash: CreateRecordId };
  }): PromiseLike<{ fingerprint: string; objectId: string; createdAt: Date } | null>;
  deleteMany(args: { where: CreateRecordId & { createdAt: { lt: Date } } }): PromiseLike<unknown>;
  create(args: { data: CreateRecordId & { fingerprint: string; objectId: string } }): PromiseLike<unknown>;
}

/** A domain's record store over its table: `rows` picks the table from the client or a transaction. */
export function createRecordStore<Client, Tx>(
  client: Client,
  scope: { tenantId: string; workspaceId: string },
  rows: (db: Client | Tx) => CreateRecordRows,
): CreateRecordStore<Tx> {
  const idOf = (key: CreateKey): CreateRecordId => ({
    tenantId: scope.tenantId,
    workspaceId: scope.workspaceId,
    operation: key.operation,
    keyHash: key.keyHash,
  });
  return {
    async find(key, notBefore) {
      const row = await rows(client).findUnique({ where: { tenantId_workspaceId_operation_keyHash: idOf(key) } });
      return row && row.createdAt >= notBefore ? { fingerprint: row.fingerprint, objectId: row.objectId } : null;
    },
    async insert(tx, key, objectId, notBefore) {
      // An expired record of the key is as good as absent: replaced, not a conflict.
      await rows(tx).deleteMany({ where: { ...idOf(key), createdAt: { lt: notBefore } } });
      await rows(tx).create({ data: { ...idOf(key), fingerprint: key.fingerprint, objectId } });
    },
  };
}
