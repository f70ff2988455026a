// The REST adapter speaks GraphQL to the gateway like any client, forwarding the caller's own
// credential headers and the request id.
import { httpStatusFor, isErrorCode } from '../../platform/errors/codes';
import { REQUEST_ID_HEADER } from '../../platform/principal/principal';
import { FORWARDED_BY_HEADER, restAdapterProof } from '../../platform/http/forwarded-by';
import { ApiError } from './api-error';

interface GraphQLResponse {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; http?: { status?: number } } }[];
}

export class GatewayClient {
  private readonly proof: string | undefined;

  constructor(private readonly gatewayUrl: string, internalSecret?: string) {
    this.proof = internalSecret ? restAdapterProof(internalSecret) : undefined;
  }

  async execute(query: string, variables: Record<string, unknown>, headers: Record<string, string | undefined>, requestId: string) {
    const forwarded: Record<string, string> = { 'content-type': 'application/json', [REQUEST_ID_HEADER]: requestId };
    if (this.proof) forwarded[FORWARDED_BY_HEADER] = this.proof;
    for (const name of ['authorization', 'x-api-key', 'idempotency-key', 'if-match', 'x-service-automatic-disposition']) {
      const value = headers[name];
      if (value) forwarded[name] = value;
    }
    let response: Response;
    try {
      response = await fetch(this.gatewayUrl, { method: 'POST', headers: forwarded, body: JSON.stringify({ query, variables }) });
    } catch {
      throw ApiError.of('service_unavailable', 'The API gateway is unavailable');
    }
    let body: GraphQLResponse;
    try {
      body = (await response.json()) as GraphQLResponse;
    } catch {
      throw ApiError.of('service_unavailable', 'The API gateway gave an unreadable answer');
    }
    const error = body.errors?.[0];
    if (error) {
      // No partial results: any error fails the whole call, with the first error's code. Codes
      // outside the documented table (gateway internals) never reach the caller.
      const code = error.extensions?.code;
      if (!isErrorCode(code) || code === 'internal_error') throw ApiError.of('internal_error', 'Internal error');
      throw new ApiError(error.extensions?.http?.status ?? httpStatusFor(code), code, error.message);
    }
    if (!body.data) throw ApiError.of('internal_error', 'Internal error');
    return body.data;
  }
}
