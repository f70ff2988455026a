// A narrow client for one service to call another subgraph directly, acting for the caller in the
// caller's scope (signed service principal). Used where a domain needs another domain's answer
// and must fail closed when it cannot get one.
import { Principal, PRINCIPAL_HEADER, REQUEST_ID_HEADER, signPrincipal } from '../principal/principal';

export class SubgraphUnavailableError extends Error {}

export interface InternalCall {
  url: string;
  query: string;
  variables?: Record<string, unknown>;
  principal: Principal;
  secret: string;
  requestId?: string;
  timeoutMs?: number;
}

export async function callSubgraph<T>(call: InternalCall): Promise<T> {
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PRINCIPAL_HEADER]: signPrincipal(call.principal, call.secret),
        ...(call.requestId ? { [REQUEST_ID_HEADER]: call.requestId } : {}),
      },
      body: JSON.stringify({ query: call.query, variables: call.variables ?? {} }),
      signal: AbortSignal.timeout(call.timeoutMs ?? 5000),
    });
  } catch (error) {
    throw new SubgraphUnavailableError(`subgraph unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new SubgraphUnavailableError(`subgraph answered ${response.status}`);
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) throw new SubgraphUnavailableError(`subgraph error: ${body.errors?.[0]?.message ?? 'no data'}`);
  return body.data;
}
