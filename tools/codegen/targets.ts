// Every file `npm run codegen` writes.
import fs from 'node:fs';
import path from 'node:path';
import { GeneratedFile, ROOT } from './generated-file';
import { ResolverTypesConfig, resolverTypesFile } from './resolver-types';
import { typedDocumentsFile } from './typed-documents';

const SUBGRAPHS = ['profiles', 'idv', 'screening', 'risk', 'access'] as const;

/** The REST adapter's operations, one file per area (fragments beside the operations that use them);
 * console: the console web layer's sign-in and session calls (rest-adapter/console-auth). */
export const REST_OPERATION_FILES = ['profiles', 'idv', 'screening', 'risk', 'console', 'audit'] as const;

export function generatedFiles(): GeneratedFile[] {
  return [
    ...SUBGRAPHS.map((subgraph) =>
      resolverTypesFile(subgraph, path.join(ROOT, 'subgraphs', subgraph, 'schema'), resolverTypesConfig(subgraph)),
    ),
    // The dashboard's operations (test/platform/typed-client.test.ts runs them against a platform).
    typedDocumentsFile({ output: 'test/typed-client/dashboard-types.generated.ts', documents: ['test/typed-client/dashboard.graphql'] }),
    // Every operation the REST adapter sends to the gateway.
    typedDocumentsFile({
      output: 'rest-adapter/operations/operations.generated.ts',
      documents: REST_OPERATION_FILES.map((area) => `rest-adapter/operations/${area}.graphql`),
      enumValues: true,
    }),
    // The console's operations (console/src/**/*.graphql), as typed document strings: the browser
    // posts the text as it is, without bundling a GraphQL printer.
    typedDocumentsFile({ output: 'console/src/graphql/generated.ts', documents: consoleDocuments(), documentMode: 'string' }),
  ];
}

/** Every .graphql file under console/src, in a stable order (the generated file must not depend on the file system's). */
export function consoleDocuments(): string[] {
  const root = path.join(ROOT, 'console', 'src');
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.graphql'))
    .map((file) => path.posix.join('console/src', file.split(path.sep).join('/')))
    .sort();
}

function resolverTypesConfig(subgraph: (typeof SUBGRAPHS)[number]) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each subgraph's config is a plain module beside its schema
  return (require(path.join(ROOT, 'subgraphs', subgraph, 'resolver-types.config.ts')) as { resolverTypesConfig: ResolverTypesConfig })
    .resolverTypesConfig;
}
