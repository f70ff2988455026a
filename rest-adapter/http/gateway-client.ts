// The REST adapter speaks GraphQL to the gateway like any client, forwarding the caller's own
// credential headers and the request id: over HTTP (pooled keep-alive connections)
// when the gateway is another service, in process when it runs in this process.
import { httpStatusFor, isErrorCode } from '../../platform/errors/codes';
import { REQUEST_ID_HEADER } from '../../platform/principal/principal';
import { FORWARDED_BY_HEADER, restAdapterProof } from '../../platform/http/forwarded-by';
import type { GatewayExecutor } from '../../gateway/in-process-gateway';
import { logger } from '../../platform/logging/logger';
import { keepAliveFetcher } from '../../platform/http/keep-alive-fetcher';
import type { FetcherResponse } from '@apollo/utils.fetcher';
import { toJsonValues } from '../../platform/subgraph/json-values';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { operationText } from '../operations/operation-text';
import { ApiError } from './api-error';

export interface GraphQLResponse {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: { code?: unknown; http?: unknown; details?: unknown } }[];
}

// x-csrf-token: the console's CSRF token, which the gateway checks against the console session
// (gateway/credentials/console-session.ts).
const FORWARDED_HEADERS = ['authorization', 'x-api-key', 'idempotency-key', 'if-match', 'x-service-automatic-disposition', 'x-csrf-token'];

export class GatewayClient {
  private readonly proof: string | undefined;

  /** `local`: the gateway of this process, called without HTTP (gateway/in-process-gateway.ts). */
  constructor(
    private readonly gatewayUrl: string,
    internalSecret?: string,
    private readonly local?: GatewayExecutor,
  ) {
    this.proof = internalSecret ? restAdapterProof(internalSecret) : undefined;
  }

  /** Runs a typed document (its text printed once per document) and answers its typed `data`. */
  async request<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables: TVariables,
    headers: Record<string, string | undefined>,
    requestId: string,
  ): Promise<TResult> {
    return (await this.execute(operationText(document), variables, headers, requestId)) as TResult;
  }

  async execute(query: string, variables: unknown, headers: Record<string, string | undefined>, requestId: string) {
    const body = await this.executeRaw(query, variables, headers, requestId);
    const error = body.errors?.[0];
    if (error) {
      // No partial results: any error fails the whole call, with the first error's code. Codes
      // outside the documented table (gateway internals) never reach the caller.
      const code = error.extensions?.code;
      if (!isErrorCode(code) || code === 'internal_error') throw ApiError.of('internal_error', 'Internal error');
      const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
      throw new ApiError(typeof status === 'number' ? status : httpStatusFor(code), code, error.message);
    }
    if (!body.data) throw ApiError.of('internal_error', 'Internal error');
    return body.data;
  }

  /** The gateway's answer as is, errors and partial data included (the console's GraphQL endpoint). */
  async executeRaw(
    query: string,
    variables: unknown,
    headers: Record<string, string | undefined>,
    requestId: string,
    operationName?: string,
  ): Promise<GraphQLResponse> {
    const forwarded: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = headers[name];
      if (value) forwarded[name] = value;
    }
    return this.local
      ? await this.executeLocally(query, variables, forwarded, requestId, operationName)
      : await this.executeOverHttp(query, variables, forwarded, requestId, operationName);
  }

  private async executeLocally(
    query: string,
    variables: unknown,
    headers: Record<string, string>,
    requestId: string,
    operationName?: string,
  ): Promise<GraphQLResponse> {
    try {
      // The variables exactly as the gateway would parse them from an HTTP body (lossless numbers,
      // dates and undefined fields as JSON has them), without writing the text.
      return await this.local!({
        query,
        variables: toJsonValues(variables) as Record<string, unknown>,
        headers,
        requestId,
        ...(operationName ? { operationName } : {}),
      });
    } catch (error) {
      logger.error({ err: error, requestId }, 'in-process gateway call failed');
      return { errors: [{ message: 'Internal error', extensions: { code: 'internal_error' } }] };
    }
  }

  private async executeOverHttp(
    query: string,
    variables: unknown,
    credentialHeaders: Record<string, string>,
    requestId: string,
    operationName?: string,
  ): Promise<GraphQLResponse> {
    const forwarded: Record<string, string> = { ...credentialHeaders, 'content-type': 'application/json', [REQUEST_ID_HEADER]: requestId };
    if (this.proof) forwarded[FORWARDED_BY_HEADER] = this.proof;
    let response: FetcherResponse;
    try {
      response = await keepAliveFetcher(this.gatewayUrl, {
        method: 'POST',
        headers: forwarded,
        body: JSON.stringify({ query, variables, ...(operationName ? { operationName } : {}) }),
      });
    } catch {
      throw ApiError.of('service_unavailable', 'The API gateway is unavailable');
    }
    try {
      return (await response.json()) as GraphQLResponse;
    } catch {
      throw ApiError.of('service_unavailable', 'The API gateway gave an unreadable answer');
    }
  }
}
