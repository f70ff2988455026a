// Every file `npm run codegen` writes.
import path from 'node:path';
import { GeneratedFile, ROOT } from './generated-file';
import { resolverTypesFile } from './resolver-types';

const SUBGRAPHS = ['profiles', 'idv', 'screening', 'risk'] as const;

export function generatedFiles(): GeneratedFile[] {
  return SUBGRAPHS.map((subgraph) =>
    resolverTypesFile(subgraph, path.join(ROOT, 'subgraphs', subgraph, 'schema'), resolverTypesConfig(subgraph)),
  );
}

function resolverTypesConfig(subgraph: (typeof SUBGRAPHS)[number]) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each subgraph's config is a plain module beside its schema
  return require(path.join(ROOT, 'subgraphs', subgraph, 'resolver-types.config.ts')).resolverTypesConfig;
}
