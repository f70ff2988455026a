// How `npm run codegen` types this subgraph's resolvers: the context they get, and the row or view
// type each GraphQL object is resolved from (paths relative to resolvers/resolver-types.generated.ts).
import type { ResolverTypesConfig } from '../../tools/codegen/resolver-types';

export const resolverTypesConfig: ResolverTypesConfig = {
  contextType: '../context#IdvContext',
  mappers: {},
  // Validated string scalars (resolvers/declarable-id-type.ts, resolvers/exact-url.ts): input strings
  // pass through to the services' rules, output is a checked string.
  scalars: {
    DeclarableIdType: 'string',
    InferredIdType: 'string',
    ExactURL: 'string',
  },
};
