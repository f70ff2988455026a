// The supergraph is composed from the subgraphs' own SDL (each one's schema/ folder, readSchema) with
// @apollo/composition: no introspection at start, and a composition error is a build/test failure.
import path from 'node:path';
import { composeServices } from '@apollo/composition';
import { GraphQLSchema, parse } from 'graphql';
import { readSchema } from '../platform/subgraph/subgraph-server';
import { SubgraphName } from '../platform/subgraph/subgraph-definition';

export const SUBGRAPH_NAMES: SubgraphName[] = ['profiles', 'idv', 'screening', 'risk', 'access'];

export function subgraphSchemaPath(name: SubgraphName): string {
  return path.resolve(__dirname, '..', 'subgraphs', name, 'schema');
}

function compose(urls: Record<SubgraphName, string>) {
  const result = composeServices(
    SUBGRAPH_NAMES.map((name) => ({ name, url: urls[name], typeDefs: parse(readSchema(subgraphSchemaPath(name))) })),
  );
  if (result.errors?.length) {
    throw new Error(`supergraph composition failed:\n${result.errors.map((error) => `- ${error.message}`).join('\n')}`);
  }
  return result;
}

export function composeSupergraph(urls: Record<SubgraphName, string>): string {
  return compose(urls).supergraphSdl!;
}

/** The public API clients see (no federation internals, no @inaccessible fields): what the schema
 * lint and the breaking-change check read. */
export function composeApiSchema(): GraphQLSchema {
  const urls = Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, `http://${name}.invalid/graphql`])) as Record<SubgraphName, string>;
  return compose(urls).schema!.toAPISchema().toGraphQLJSSchema();
}
