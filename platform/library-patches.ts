// Every place the code patches a library's internals or leans on something a library does not
// export, with the exact version it was written against. library-patches.test.ts checks each one
// against the installed package: the recorded version, and the shape the patch relies on (the
// private method still on the prototype, the caller still reading the export at call time ...), so
// an upgrade that moves it fails there, loudly, instead of silently undoing the fix. When you add a
// patch, list it here and give it a shape check; when an upgrade fails the test, re-read the
// library's new code, adjust the patch, then the recorded version.

export interface LibraryPatch {
  /** Stable name, used by the test. */
  id: string;
  /** The package whose code is patched or relied on. */
  package: string;
  /** Its version the patch was written against (node_modules/<package>/package.json). */
  version: string;
  /** For a package installed in more than one copy: the package whose copy is meant (resolved from its folder). */
  resolvedFrom?: string;
  /** What is patched, or which internal is read. */
  target: string;
  kind:
    | 'replaces export'
    | 'wraps prototype method'
    | 'replaces prototype method'
    | 'wraps instance'
    | 'reads private field'
    | 'replaces global'
    | 'relies on internal behaviour';
  /** Why the library's own behaviour is not good enough. */
  why: string;
  /** Where the patch lives. */
  file: string;
}

export const LIBRARY_PATCHES: readonly LibraryPatch[] = [
  {
    id: 'apollo-server-createhash',
    package: '@apollo/utils.createhash',
    version: '3.0.1',
    resolvedFrom: '@apollo/server',
    target: 'exports.createHash of the copy Apollo Server 5.5.1 requires (requestPipeline.js reads it at call time)',
    kind: 'replaces export',
    why: 'The helper looks crypto up with module.require on every call; under tsx each lookup goes through the module resolver (query hash of every request). Pointed at node:crypto; same digests. A SHA-256 of one text digested as hex (the query hash of every request, in the gateway and each subgraph) is remembered per text, bounded; any other use is node:crypto as before.',
    file: 'platform/graphql/apollo-hash.ts',
  },
  {
    id: 'apollo-gateway-createhash',
    package: '@apollo/utils.createhash',
    version: '2.0.2',
    resolvedFrom: '@apollo/gateway',
    target: 'exports.createHash of the copy @apollo/gateway 2.14.4 requires (query-plan cache key, read at call time)',
    kind: 'replaces export',
    why: 'As apollo-server-createhash: the gateway hashes every request for its query-plan cache.',
    file: 'platform/graphql/apollo-hash.ts',
  },
  {
    id: 'federation-operation-from-document',
    package: '@apollo/federation-internals',
    version: '2.14.4',
    resolvedFrom: '@apollo/gateway',
    target:
      'exports.operationFromDocument of dist/operations.js (the package index re-exports it through a getter; the gateway calls it per request in executeQueryPlan.js)',
    kind: 'replaces export',
    why: 'executeQueryPlan rebuilds the federation Operation from the same parsed document on every request (7 % of the busy CPU of a REST search); memoized per document nodes, no option exists for it.',
    file: 'gateway/federated-operation-cache.ts',
  },
  {
    id: 'gateway-compute-response',
    package: '@apollo/gateway',
    version: '2.14.4',
    target:
      'exports.computeResponse of dist/resultShaping.js (executeQueryPlan.js calls it through the module object, read at call time), with the Operation, SelectionSet, Field and FragmentElement accessors of @apollo/federation-internals it plans from',
    kind: 'replaces export',
    why: 'The result shaping interprets the operation per field per request (20-22 % of the busy CPU of the REST sessions page); replaced by a plan built once per Operation with the same semantics, the original running for introspection, a __proto__ response name and wherever it would fail an assertion.',
    file: 'gateway/compiled-result-shaping.ts',
  },
  {
    id: 'graphql-no-argument-fields',
    package: 'graphql',
    version: '16.15.0',
    target:
      'exports.getArgumentValues of execution/values.js (executeField in execution/execute.js calls it through the module object, read at call time); its answer for a definition without arguments',
    kind: 'replaces export',
    why: 'graphql-js builds two null-prototype dictionaries and a plain copy per executed field even when the field declares no argument: 32 % of the bytes the REST sessions page allocated, and the collections that follow. Such fields share one frozen empty object; the others run the original.',
    file: 'platform/graphql/no-argument-fields.ts',
  },
  {
    id: 'apollo-server-gateway-executor',
    package: '@apollo/server',
    version: '5.5.1',
    target:
      "The `gateway` option's executor (dist/cjs/requestPipeline.js): called in place of graphql-js's execute after parsing, validation and didResolveOperation, with makeGatewayGraphQLRequestContext's source, document, operation, request and contextValue; its errors formatted as graphql-js's",
    kind: 'relies on internal behaviour',
    why: "Apollo Server has no option for another execution engine; a subgraph's server supplies graphql-jit through the gateway interface (load() returning its own schema and executor), keeping its pipeline, plugins and formatError.",
    file: 'platform/subgraph/compiled-execution.ts',
  },
  {
    id: 'graphql-jit-errors',
    package: 'graphql-jit',
    version: '0.8.9',
    target:
      'The errors of a compiled query (dist/error.js GraphQLError(message, locations, path, originalError); dist/execution.js: null-position errors appended after the others, customSerializers per leaf type name, variables coerced before execution)',
    kind: 'relies on internal behaviour',
    why: "graphql-jit builds its errors differently from graphql-js (no nodes, extensions by reference, another order): a single error from a resolver is rebuilt as graphql-js builds it, any other answer with errors is graphql-js's own.",
    file: 'platform/subgraph/compiled-execution.ts',
  },
  {
    id: 'pg-boss-settle-failures',
    package: 'pg-boss',
    version: '10.4.2',
    target:
      'Manager.prototype.complete and Manager.prototype.fail (src/manager.js), called unawaited as this.complete / this.fail by the fetch loop and promoted onto PgBoss from the instance',
    kind: 'wraps prototype method',
    why: 'The fetch loop settles jobs without awaiting: a settle that fails because the database is gone was an unhandled rejection that ended the process. Failures are logged; the job expires and runs again.',
    file: 'platform/jobs/job-queue.ts',
  },
  {
    id: 'pg-boss-off-work',
    package: 'pg-boss',
    version: '10.4.2',
    target:
      'Manager.prototype.offWork (src/manager.js), using getWorkers(), removeWorker() and the Worker fields stop(), stopping, stopped (src/worker.js)',
    kind: 'replaces prototype method',
    why: "offWork returned at once and removed the workers from a detached loop whose delay() requires node:timers/promises each second; after a test environment's teardown that failed the file. Replaced: waits (bounded) until the workers stopped.",
    file: 'platform/jobs/job-queue.ts',
  },
  {
    id: 'prisma-adapter-pg-releasing-transactions',
    package: '@prisma/adapter-pg',
    version: '6.19.3',
    target:
      "PrismaPg.connect/connectToShadowDb wrapped; the driver transaction's private `client` (a pg PoolClient) released with destroy=true",
    kind: 'wraps instance',
    why: "Prisma's transaction manager sends COMMIT/ROLLBACK through executeRaw and only then calls commit()/rollback(), which releases the connection: when the statement fails (connection lost) the connection stayed checked out for ever and the pool shrank.",
    file: 'platform/db/releasing-transactions.ts',
  },
  {
    id: 'prisma-client-transaction-ending',
    package: '@prisma/client',
    version: '6.19.3',
    target:
      'The transaction manager of runtime/client.js: executeRaw({sql: "COMMIT"|"ROLLBACK"}) then transaction.commit()/rollback() (usePhantomQuery false)',
    kind: 'wraps instance',
    why: 'The order releasing-transactions.ts is written against (see prisma-adapter-pg-releasing-transactions).',
    file: 'platform/db/releasing-transactions.ts',
  },
  {
    id: 'pg-client-query-catalog-types',
    package: 'pg',
    version: '8.23.1',
    target: 'pg.Client.prototype.query, in the Prisma CLI process only (prisma/migrate.ts preloads the file)',
    kind: 'wraps prototype method',
    why: 'Prisma 6.19 introspection with the pg driver adapter cannot deserialize catalog columns of types "char" (oid 18) and name (oid 19): reported as text.',
    file: 'prisma/cli-preload.cjs',
  },
  {
    id: 'prisma-cli-unref-timers',
    package: 'prisma',
    version: '6.19.3',
    target: 'global setTimeout, in the Prisma CLI process only: every timer unref()ed',
    kind: 'replaces global',
    why: "The CLI's wasm engine leaves 10 s and 60 s timers that kept `prisma migrate diff` alive for a minute.",
    file: 'prisma/cli-preload.cjs',
  },
  {
    id: 'human-file-fetch',
    package: '@vladmandic/human',
    version: '3.3.6',
    target: 'global fetch: file:// URLs served from disk (others go to the real fetch); dist/human.node-wasm.js loaded by path',
    kind: 'replaces global',
    why: "Human and the TensorFlow.js wasm backend load models and wasm with fetch, and Node's fetch has no file://: the models shipped in the package are read offline.",
    file: 'subgraphs/idv/assessment/human-face-analyzer.ts',
  },
  {
    id: 'smtp-server-bound-port',
    package: 'smtp-server',
    version: '3.21.6',
    target: 'SMTPServer#server (the net.Server it listens with), read for the port bound when listening on port 0',
    kind: 'reads private field',
    why: 'SMTPServer has no public way to ask which port it bound; the local mail sink of `npm start` listens on a free port.',
    file: 'platform/mail/local-mail-sink.ts',
  },
];
