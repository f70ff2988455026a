// Idempotent mutations at the gateway, for every domain at once: a mutation sent with an
// `Idempotency-Key` header runs once per principal and key for 24 h. A retry with the same
// document and variables gets the stored response (header `Idempotent-Replayed: true`); a
// different request under the same key answers 422 idempotency_key_reused; a retry while the
// first is still running waits for it (409 idempotency_key_in_use if it does not finish within
// the lease). The REST adapter forwards the header for its POST routes, so REST creates get the
// same guarantee. Only successful responses are kept: a failed request wrote nothing.
import crypto from 'node:crypto';
import type { ApolloServerPlugin, GraphQLRequestContext, GraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { KeyProvider, open, seal, SealedValue } from '../platform/crypto/envelope';
import { Db } from '../platform/db/prisma';
import { claimIdempotencyKey, completeIdempotentRequest, deleteExpiredIdempotentRequests, IDEMPOTENCY_LEASE_MS, releaseIdempotencyKey } from '../platform/db/idempotency-store';
import { ErrorCode, httpStatusFor } from '../platform/errors/codes';
import type { GatewayContext } from './gateway-context';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const POLL_MS = 100;

export function idempotencyPlugin(db: Db, keys: KeyProvider): ApolloServerPlugin<GatewayContext> {
  let lastSweep = 0;
  return {
    async requestDidStart() {
      let claimedId: string | undefined;
      return {
        async responseForOperation(context: GraphQLRequestContext<GatewayContext>): Promise<GraphQLResponse | null> {
          const key = context.request.http?.headers.get(IDEMPOTENCY_HEADER);
          if (key === undefined || context.operation?.operation !== 'mutation') return null;
          if (!KEY_PATTERN.test(key)) return errorResponse('schema_validation_failed', 'Idempotency-Key: 1 to 255 printable ASCII characters');
          const { principal } = context.contextValue;
          const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId, actorId: principal.actorId, key };
          const fingerprint = fingerprintOf(context);
          if (Date.now() - lastSweep > 60_000) {
            lastSweep = Date.now();
            void deleteExpiredIdempotentRequests(db).catch(() => undefined);
          }
          const deadline = Date.now() + IDEMPOTENCY_LEASE_MS + 2_000;
          for (;;) {
            const claim = await claimIdempotencyKey(db, scope, fingerprint);
            if (claim.outcome === 'claimed') {
              claimedId = claim.id;
              return null;
            }
            if (claim.outcome === 'mismatch') return errorResponse('idempotency_key_reused', 'Idempotency-Key was already used for a different request');
            if (claim.outcome === 'completed') {
              const result = open<Record<string, unknown>>(keys, claim.response as SealedValue, sealContext(scope));
              const headers = new HeaderMap([['idempotent-replayed', 'true']]);
              return { http: { status: 200, headers }, body: { kind: 'single', singleResult: result } };
            }
            if (Date.now() > deadline) return errorResponse('idempotency_key_in_use', 'A request with this Idempotency-Key is still running');
            await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          }
        },
        async willSendResponse(context) {
          if (!claimedId) return;
          const id = claimedId;
          claimedId = undefined;
          const body = context.response.body;
          const principal = context.contextValue.principal;
          const key = context.request.http?.headers.get(IDEMPOTENCY_HEADER) ?? '';
          const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId, actorId: principal.actorId, key };
          if (body.kind !== 'single' || body.singleResult.errors?.length) {
            await releaseIdempotencyKey(db, id).catch(() => undefined);
            return;
          }
          const { data, extensions } = body.singleResult;
          await completeIdempotentRequest(db, id, seal(keys, { data, ...(extensions ? { extensions } : {}) }, sealContext(scope)));
        },
      };
    },
  };
}

function fingerprintOf(context: GraphQLRequestContext<GatewayContext>): string {
  const { query, operationName, variables } = context.request;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([query ?? '', operationName ?? null, variables ?? {}]))
    .digest('hex');
}

function sealContext(scope: { tenantId: string; workspaceId: string; actorId: string; key: string }): string {
  return `platform.idempotency:${scope.tenantId}:${scope.workspaceId}:${scope.actorId}:${scope.key}`;
}

function errorResponse(code: ErrorCode, message: string): GraphQLResponse {
  const status = httpStatusFor(code);
  return { http: { status, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { errors: [{ message, extensions: { code, http: { status } } }] } } };
}
