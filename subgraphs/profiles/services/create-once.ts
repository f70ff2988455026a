// The profiles domain's keyed creates: each create resolver runs through here, so a retry with the
// request's idempotency key answers the object the first attempt made, even when the gateway lost
// its record of that answer with a crashed process (platform/idempotency/create-once.ts).
import type { GraphQLResolveInfo } from 'graphql';
import { createKeyOf, createOnce } from '../../../platform/idempotency/create-once';
import type { ProfilesContext } from '../context';
import { profilesCreateRecords } from '../data/idempotent-create-store';
import type { DbClient, DbRawTx } from '../../../platform/db/prisma';
import { ProfilesError } from '../errors';

/** Writes the key's record in the create's transaction: Prisma's, or a raw one (the profile insert). */
export type RecordCreate = (tx: DbClient | DbRawTx, objectId: string) => Promise<void>;

export function profilesCreateOnce<T>(
  ctx: ProfilesContext,
  info: GraphQLResolveInfo,
  args: Record<string, unknown>,
  steps: { create(record: RecordCreate | undefined): Promise<T>; replay(objectId: string): Promise<T> },
): Promise<T> {
  return createOnce(createKeyOf(ctx.principal, info, args), profilesCreateRecords(ctx.db, ctx.scope), {
    ...steps,
    reused: () => new ProfilesError('idempotency_key_reused', 'Idempotency-Key was already used for a different request'),
  });
}

/** Replays an object that must still exist; one removed since answers as absent. */
export async function existing<T>(found: Promise<T | null>, notFound: () => Error): Promise<T> {
  const object = await found;
  if (!object) throw notFound();
  return object;
}
