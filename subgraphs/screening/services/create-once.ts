// The screening domain's keyed creates (searches, batch jobs): a retry with the request's
// idempotency key answers the object the first attempt made, even when the gateway lost its record
// of that answer with a crashed process (platform/idempotency/create-once.ts).
import type { GraphQLResolveInfo } from 'graphql';
import { createKeyOf, createOnce } from '../../../platform/idempotency/create-once';
import type { ScreeningContext } from '../context';
import { CreateRecordTx, screeningCreateRecords } from '../data/idempotent-create-store';
import { ScreeningError } from '../errors';

export type RecordCreate = (tx: CreateRecordTx, objectId: string) => Promise<void>;

export function screeningCreateOnce<T>(
  ctx: ScreeningContext,
  info: GraphQLResolveInfo,
  args: Record<string, unknown>,
  steps: { create(record: RecordCreate | undefined): Promise<T>; replay(objectId: string): Promise<T> },
): Promise<T> {
  return createOnce(createKeyOf(ctx.principal, info, args), screeningCreateRecords(ctx.db, ctx.scope), {
    ...steps,
    reused: () => new ScreeningError('idempotency_key_reused', 'Idempotency-Key was already used for a different request'),
  });
}
