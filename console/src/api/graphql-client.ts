// The console's one GraphQL client: POST /console/graphql on the same origin, the session cookie
// travels by itself, the CSRF header is added. Results and variables are typed by the generated
// documents (console/src/graphql/generated.ts).
import type { TypedDocumentString } from '../graphql/generated';
import { ApiRequestError, csrfToken, errorFrom, reportUnauthorized } from './csrf';

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; http?: { status?: number } } }[];
}

export async function execute<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TResult> {
  const response = await fetch('/console/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken() },
    body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
  });
  if (response.status === 401) reportUnauthorized();
  let body: GraphQLResponse<TResult>;
  try {
    body = (await response.json()) as GraphQLResponse<TResult>;
  } catch {
    throw await errorFrom(response);
  }
  const first = body.errors?.[0];
  if (first) {
    const status = first.extensions?.http?.status ?? response.status;
    if (first.extensions?.code === 'unauthorized' || first.extensions?.code === 'UNAUTHENTICATED') reportUnauthorized();
    throw new ApiRequestError(first.message, first.extensions?.code ?? 'graphql_error', status);
  }
  if (!response.ok || !body.data) throw await errorFrom(response);
  return body.data;
}
