// Idempotent mutations at the gateway, for every domain at once: a mutation sent with an
// `Idempotency-Key` header runs once per principal and key for 24 h. A retry with the same
// document and variables gets the stored response (header `Idempotent-Replayed: true`); a
// different request under the same key answers 422 idempotency_key_reused; a retry while the
// first is still running waits for it (409 idempotency_key_in_use if it does not finish within
// the lease). The REST adapter forwards the header for its POST routes, so REST creates get the
// same guarantee. Only successful responses are kept: a failed request wrote nothing.
// GraphQL clients may pass the key as the `idempotencyKey` argument of a create/start mutation
// instead (gateway/idempotency-key.ts); header and argument are one key, so both present and
// different answers 400 idempotency_key_mismatch.
// This record is written after the subgraphs committed, so it alone cannot cover a crash in
// between: the claimed key also travels to the subgraphs with the signed principal, and their
// creates record it in their own transactions (platform/idempotency/create-once.ts).
import crypto from 'node:crypto';
import type { ApolloServerPlugin, GraphQLRequestContext, GraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { OperationTypeNode } from 'graphql';
import { KeyProvider, open, seal, SealedValue } from '../platform/crypto/envelope';
import { Db } from '../platform/db/prisma';
import {
  claimIdempotencyKey,
  completeIdempotentRequest,
  deleteExpiredIdempotentRequests,
  IDEMPOTENCY_LEASE_MS,
  IdempotencyScope,
  releaseIdempotencyKey,
} from '../platform/db/idempotency-store';
import { Backoff, backoffDelay } from '../platform/db/pg-listener';
import { ErrorCode, httpStatusFor } from '../platform/errors/codes';
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from '../platform/errors/unavailable';
import type { GatewayContext } from './gateway-context';
import { idempotencyKeyOf } from './idempotency-key';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const POLL_MS = 100;

export function idempotencyPlugin(db: Db, keys: KeyProvider): ApolloServerPlugin<GatewayContext> {
  let lastSweep = 0;
  const settling = new PendingSettlements();
  return {
    async requestDidStart() {
      let claimedId: string | undefined;
      let claimedScope: IdempotencyScope | undefined;
      return {
        async responseForOperation(context: GraphQLRequestContext<GatewayContext>): Promise<GraphQLResponse | null> {
          if (context.operation?.operation !== OperationTypeNode.MUTATION) return null;
          const found = idempotencyKeyOf(
            context.request.http?.headers.get(IDEMPOTENCY_HEADER),
            context.operation,
            context.document,
            context.request.variables,
          );
          if (found.error) return errorResponse(found.error.code, found.error.message);
          const key = found.key;
          if (key === undefined) return null;
          if (!KEY_PATTERN.test(key))
            return errorResponse('schema_validation_failed', 'Idempotency-Key: 1 to 255 printable ASCII characters');
          const { principal } = context.contextValue;
          const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId, actorId: principal.actorId, key };
          const fingerprint = fingerprintOf(context);
          if (Date.now() - lastSweep > 60_000) {
            lastSweep = Date.now();
            void deleteExpiredIdempotentRequests(db).catch(() => undefined);
          }
          const deadline = Date.now() + IDEMPOTENCY_LEASE_MS + 2_000;
          // An earlier request of this process with the key is still recording its outcome (the
          // database was away when it finished): its record decides, so wait for it rather than take
          // the key over when the lease runs out and run the create a second time.
          if (!(await settling.wait(scope, deadline)))
            return errorResponse('idempotency_key_in_use', 'A request with this Idempotency-Key is still running');
          try {
            for (;;) {
              const claim = await claimIdempotencyKey(db, scope, fingerprint);
              if (claim.outcome === 'claimed') {
                claimedId = claim.id;
                claimedScope = scope;
                // The subgraphs get the key with the principal and record it in the create's own
                // transaction: should this process die before completeIdempotentRequest lands, the
                // retry that takes the key over finds the object there instead of creating another.
                context.contextValue.principal = { ...principal, idempotencyKey: key };
                return null;
              }
              if (claim.outcome === 'mismatch')
                return errorResponse('idempotency_key_reused', 'Idempotency-Key was already used for a different request');
              if (claim.outcome === 'completed') {
                const result = open<Record<string, unknown>>(keys, claim.response as SealedValue, sealContext(scope));
                const headers = new HeaderMap([['idempotent-replayed', 'true']]);
                return { http: { status: 200, headers }, body: { kind: 'single', singleResult: result } };
              }
              if (Date.now() > deadline)
                return errorResponse('idempotency_key_in_use', 'A request with this Idempotency-Key is still running');
              await new Promise((resolve) => setTimeout(resolve, POLL_MS));
            }
          } catch (error) {
            // The key store (the database) is unreachable: nothing ran, the client may retry.
            context.logger.warn(`idempotency key store unavailable: ${(error as Error).message}`);
            return errorResponse('service_unavailable', 'The service is temporarily unavailable; retry with the same Idempotency-Key');
          }
        },
        async willSendResponse(context) {
          if (!claimedId || !claimedScope) return;
          const id = claimedId;
          const scope = claimedScope;
          claimedId = undefined;
          const body = context.response.body;
          if (body.kind !== 'single' || body.singleResult.errors?.length) {
            void settling.run(scope, () => releaseIdempotencyKey(db, id));
            return;
          }
          const { data, extensions } = body.singleResult;
          const sealed = seal(keys, { data, ...(extensions ? { extensions } : {}) }, sealContext(scope));
          // The answer goes out whatever happens here: what it reports was done. Should the database
          // be away, the record is written as soon as it returns (retries from this process wait).
          await settling.run(scope, () => completeIdempotentRequest(db, id, sealed));
        },
      };
    },
  };
}

/** Outcomes (complete or release) of claimed keys still being written, by key scope. Each is
 * tried at once and, should that fail, again with capped backoff until it lands or SETTLE_GIVE_UP_MS
 * passes (a lease that then runs out is taken over as after a crash). */
class PendingSettlements {
  private readonly pending = new Map<string, Promise<void>>();

  /** Resolves when the first attempt ended (landed or handed to the background). */
  run(scope: IdempotencyScope, write: () => Promise<void>): Promise<void> {
    const id = scopeId(scope);
    let firstAttempt!: () => void;
    const first = new Promise<void>((resolve) => (firstAttempt = resolve));
    const settled = (async () => {
      const started = Date.now();
      for (let attempt = 0; ; attempt++) {
        try {
          await write();
          return;
        } catch {
          firstAttempt();
          if (Date.now() - started > SETTLE_GIVE_UP_MS) return;
          await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, SETTLE_BACKOFF)).unref());
        }
      }
    })().finally(() => {
      if (this.pending.get(id) === settled) this.pending.delete(id);
      firstAttempt();
    });
    this.pending.set(id, settled);
    return first;
  }

  /** Waits for a pending outcome of the scope; false when the deadline passed first. */
  async wait(scope: IdempotencyScope, deadline: number): Promise<boolean> {
    const pending = this.pending.get(scopeId(scope));
    if (!pending) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))));
    try {
      return await Promise.race([pending.then(() => true), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

const SETTLE_GIVE_UP_MS = 10 * 60_000;
const SETTLE_BACKOFF: Backoff = { initialMs: 100, maxMs: 2_000 };

function scopeId(scope: IdempotencyScope): string {
  return JSON.stringify([scope.tenantId, scope.workspaceId, scope.actorId, scope.key]);
}

function fingerprintOf(context: GraphQLRequestContext<GatewayContext>): string {
  const { query, operationName, variables } = context.request;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([query ?? '', operationName ?? null, variables ?? {}]))
    .digest('hex');
}

function sealContext(scope: IdempotencyScope): string {
  return `platform.idempotency:${scope.tenantId}:${scope.workspaceId}:${scope.actorId}:${scope.key}`;
}

function errorResponse(code: ErrorCode, message: string): GraphQLResponse {
  const status = httpStatusFor(code);
  const retryAfter = status === 503 ? { retryAfter: RETRY_AFTER_UNAVAILABLE_SECONDS } : {};
  return {
    http: { status, headers: new HeaderMap() },
    body: { kind: 'single', singleResult: { errors: [{ message, extensions: { code, http: { status }, ...retryAfter } }] } },
  };
}
