// dependency-cruiser: the layer rules of the tree (npm run deps:check). Paths are regular
// expressions on paths relative to the repository root. Type-only imports count like any other
// (tsPreCompilationDeps below): a layer that needs another layer's types depends on that layer.

/** Where the Prisma client and the pg driver may be imported from (for queries). */
const DATABASE_ACCESS_ALLOWED = [
  // A domain's data access: subgraphs/<x>/data/, subgraphs/<x>/<area>/data/ ...
  '(^|/)data/',
  // The shared database kernel: client factory, embedded Postgres, migrations, LISTEN, session locks.
  '^platform/db/',
  // Migrations and the Prisma CLI's configuration and preload.
  '^prisma/',
  '^prisma\\.config\\.ts$',
  // Tests and benchmarks set up and inspect the database directly.
  '^test/',
  '^bench/',
  '\\.test\\.ts$',
];

/** The Prisma client (generated, or the package and its driver adapter) and the pg driver, with
 * their type packages. Not anchored at the root: the self-check cruises its fixtures from their own
 * folder, where these resolve to ../../../node_modules/... */
const DATABASE_CLIENTS = [
  '(^|/)generated/prisma/',
  '(^|/)node_modules/@prisma/(client|adapter-pg)/',
  '(^|/)node_modules/\\.prisma/',
  '(^|/)node_modules/(@types/)?pg/',
  // COPY streams for the pg driver: bulk writes belong where the rest of the SQL is.
  '(^|/)node_modules/(@types/)?pg-copy-streams/',
  // The Prisma namespace (input types, DbNull, error classes) as the kernel re-exports it; the
  // kernel's Db, DbTx and Scope types (platform/db/prisma.ts) stay open to every layer.
  '(^|/)platform/db/prisma-client\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module reaches itself through its imports. Cycles make the load order matter and couple the modules on the cycle into one.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-subgraph',
      severity: 'error',
      comment:
        'A subgraph imports another subgraph. Subgraphs talk to each other through the gateway / federation or platform code, never by importing each other (subgraphs/<x>/ never imports subgraphs/<y>/).',
      from: { path: '^subgraphs/([^/]+)/' },
      to: { path: '^subgraphs/([^/]+)/', pathNot: '^subgraphs/$1/' },
    },
    {
      name: 'rest-adapter-not-to-subgraphs',
      severity: 'error',
      comment: 'The REST adapter maps REST onto GraphQL through the gateway; it imports nothing under subgraphs/.',
      from: { path: '^rest-adapter/' },
      to: { path: '^subgraphs/' },
    },
    {
      name: 'database-access-only-in-data',
      severity: 'error',
      comment:
        'Only a data/ folder (and platform/db/, prisma/, tests and benches) imports the Prisma client (@prisma/client, generated/prisma, the Prisma namespace of platform/db/prisma-client.ts) or pg. Services, resolvers and everything else go through the data functions, which take plain TypeScript inputs and report unique violations as domain errors.',
      from: { pathNot: DATABASE_ACCESS_ALLOWED },
      to: { path: DATABASE_CLIENTS },
    },
    {
      name: 'platform-not-to-outer-layers',
      severity: 'error',
      comment:
        'platform/ is the shared kernel: it imports no domain, gateway, REST adapter or composition root code (app/ wires those together).',
      from: { path: '^platform/' },
      to: { path: ['^subgraphs/', '^gateway/', '^rest-adapter/', '^app/'] },
    },
    {
      name: 'neutral-code-stays-neutral',
      severity: 'error',
      comment:
        'contracts/ (what crosses domains: queue payloads, events) and lib/ (libraries used by several domains) depend on no domain and no outer layer, or they would not be neutral.',
      from: { path: ['^contracts/', '^lib/'] },
      to: { path: ['^subgraphs/', '^gateway/', '^rest-adapter/', '^app/'] },
    },
    {
      name: 'only-app-composes',
      severity: 'error',
      comment: 'app/ is the composition root (npm start, the worker, the CLI): nothing but tests and benches imports it.',
      from: { pathNot: ['^app/', '^test/', '^bench/', '\\.test\\.ts$'] },
      to: { path: '^app/' },
    },
    {
      name: 'console-is-browser-code',
      severity: 'error',
      comment:
        'The console (console/src) runs in the browser and talks to the platform only over HTTP (GraphQL and the sign-in routes): it imports no server code, and no server code imports it.',
      from: { path: '^console/src/' },
      to: { pathNot: ['^console/', '(^|/)node_modules/'] },
    },
    {
      name: 'server-not-to-console',
      severity: 'error',
      comment: "Server code does not import the console's browser code (console/src); it serves the built files.",
      from: { pathNot: '^console/' },
      to: { path: '^console/src/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import dependency-cruiser cannot resolve: every rule above would silently miss it, so resolution must be complete (or the import is broken).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Record imports TypeScript erases (import type, type-only re-exports) too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // node_modules and generated/prisma may be symbolic links (a shared install): keep the link's
    // path so the rules above see node_modules/... and generated/..., not the link's target.
    preserveSymlinks: true,
    // Packages and the generated Prisma client are targets of rules, not code to check.
    doNotFollow: { path: ['(^|/)node_modules/', '(^|/)generated/'] },
    exclude: {
      path: [
        '\\.generated\\.ts$',
        '^console/src/graphql/generated\\.ts$',
        '^console/dist',
        // Planted violations for the self-check (test/platform/code-checks.test.ts) are cruised
        // only by that test, with this file's rules.
        '^test/fixtures/code-checks/',
        '(^|/)\\.vigil/',
      ],
    },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
