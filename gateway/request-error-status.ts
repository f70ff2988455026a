// A request the gateway refuses before execution (unknown operation name, malformed document,
// an operation limit, a refused credential in the context) answers with the status its error
// carries (400, 401, 429...), never a 500: Apollo reports some of these as server errors.
import type { ApolloServerPlugin } from '@apollo/server';

export function requestErrorStatusPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          // Execution errors come with `data` (null or partial) and keep GraphQL's 200.
          const { data, errors } = response.body.singleResult;
          if (data !== undefined || !errors?.length) return;
          const status = (errors[0].extensions?.http as { status?: unknown } | undefined)?.status;
          if (typeof status === 'number' && status >= 400 && status < 500) response.http.status = status;
        },
      };
    },
  };
}
