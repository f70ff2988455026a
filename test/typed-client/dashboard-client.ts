// A minimal typed GraphQL client, as a dashboard would write one: results and variables are typed
// by the generated TypedDocumentNodes, so `npm run typecheck` compiles the dashboard's use of the
// API against the schema.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

export class GraphQLRequestError extends Error {
  constructor(readonly errors: { message: string; extensions?: Record<string, unknown> }[]) {
    super(errors.map((error) => error.message).join('; '));
  }
}

export function typedClient(url: string, headers: Record<string, string>) {
  return async function run<Result, Variables>(document: TypedDocumentNode<Result, Variables>, variables: Variables): Promise<Result> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: print(document), variables }),
    });
    const body = (await response.json()) as { data?: Result; errors?: { message: string; extensions?: Record<string, unknown> }[] };
    if (body.errors?.length) throw new GraphQLRequestError(body.errors);
    return body.data as Result;
  };
}
