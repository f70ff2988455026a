// TanStack Query over the typed documents: the key is the operation's name and its variables, the
// result type comes from the document.
import { QueryClient, useMutation, useQuery, useQueryClient, UseQueryOptions } from '@tanstack/react-query';
import type { TypedDocumentString } from '../graphql/generated';
import { ApiRequestError } from './csrf';
import { execute } from './graphql-client';
import { fetchSession } from './auth';

export function operationName(document: { toString(): string }): string {
  return /\b(?:query|mutation)\s+(\w+)/.exec(document.toString())?.[1] ?? 'anonymous';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // An answer the server refused (4xx) will not change by asking again.
        retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

export function useGraphQLQuery<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  options: Omit<UseQueryOptions<TResult, Error>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<TResult, Error>({
    queryKey: [operationName(document), variables],
    // The variables are typed by the document; execute's rest tuple cannot see that through the generic.
    queryFn: () => (execute as (d: typeof document, v: TVariables) => Promise<TResult>)(document, variables),
    ...options,
  });
}

export function useGraphQLMutation<TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, invalidate: string[] = []) {
  const client = useQueryClient();
  return useMutation<TResult, Error, TVariables>({
    mutationFn: (variables) => (execute as (d: typeof document, v: TVariables) => Promise<TResult>)(document, variables),
    onSuccess: async () => {
      await Promise.all(invalidate.map((name) => client.invalidateQueries({ queryKey: [name] })));
    },
  });
}

export const SESSION_KEY = ['console-session'];
export function useConsoleSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000 });
}
