// The risk domain's keyed creates (assessments): a retry with the request's idempotency key answers
// the object the first attempt made, even when the gateway lost its record of that answer with a
// crashed process (platform/idempotency/create-once.ts).
import type { GraphQLResolveInfo } from 'graphql';
import { createKeyOf, createOnce } from '../../../platform/idempotency/create-once';
import type { RiskContext } from '../context';
import { riskCreateRecords } from '../data/idempotent-create-store';
import type { DbTx } from '../../../platform/db/prisma';
import { RiskError } from '../errors';

export type RecordCreate = (tx: DbTx, objectId: string) => Promise<void>;

export function riskCreateOnce<T>(
  ctx: RiskContext,
  info: GraphQLResolveInfo,
  args: Record<string, unknown>,
  steps: { create(record: RecordCreate | undefined): Promise<T>; replay(objectId: string): Promise<T> },
): Promise<T> {
  return createOnce(createKeyOf(ctx.principal, info, args), riskCreateRecords(ctx.deps.db, ctx.scope), {
    ...steps,
    reused: () => new RiskError('idempotency_key_reused', 'Idempotency-Key was already used for a different request'),
  });
}
