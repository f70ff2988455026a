// A request the gateway refuses before execution (unknown operation name, malformed document,
// an operation limit, a refused credential in the context) answers with the status its error
// carries (400, 401, 429...), never a 500: Apollo reports some of these as server errors.
// An answer with a 503 error (a dependency such as the database is down) says when to retry in
// `Retry-After`; when nothing could be answered (no data) it is a 503 itself.
import type { ApolloServerPlugin } from '@apollo/server';
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from '../platform/errors/unavailable';

const statusOf = (error: { extensions?: Record<string, unknown> }): unknown =>
  (error.extensions?.http as { status?: unknown } | undefined)?.status;

export function requestErrorStatusPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          // Execution errors come with `data` (null or partial) and keep GraphQL's 200, unless every
          // error is a 503 and nothing was answered.
          const { data, errors } = response.body.singleResult;
          if (!errors?.length) return;
          const unavailable = errors.filter((error) => statusOf(error) === 503).length;
          if (unavailable > 0) response.http.headers.set('retry-after', String(RETRY_AFTER_UNAVAILABLE_SECONDS));
          if (data === null && unavailable === errors.length) response.http.status = 503;
          if (data !== undefined) return;
          const status = statusOf(errors[0]);
          if (typeof status === 'number' && ((status >= 400 && status < 500) || status === 503)) response.http.status = status;
        },
      };
    },
  };
}
