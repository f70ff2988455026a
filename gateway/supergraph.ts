// The supergraph is composed from the subgraphs' own SDL (each one's schema/ folder, readSchema) with
// @apollo/composition: no introspection at start, and a composition error is a build/test failure.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
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

/** Where a subgraph's URL goes in a composed supergraph kept for other URLs (see composeSupergraph). */
const urlSlot = (name: SubgraphName) => `vigil-subgraph-url:${name}`;

/** Supergraphs composed by this process, by their subgraphs' SDL (with URL slots). */
const composed = new Map<string, string>();

/**
 * The supergraph over the subgraphs' SDL, routed to `urls`. Composition takes over a second of CPU
 * and depends on the SDL alone (the URLs are only the join__Graph values), so it runs once per
 * SDL: composed with URL slots, kept in this process and in a file of the OS temp folder (named by
 * the SDL's and the composer's hash: every process and test file after the first reads it), then
 * the slots are filled. A folder that cannot be written only means composing again next time.
 */
export function composeSupergraph(urls: Record<SubgraphName, string>): string {
  const typeDefs = SUBGRAPH_NAMES.map((name) => readSchema(subgraphSchemaPath(name)));
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify([COMPOSER_VERSION, typeDefs]))
    .digest('hex')
    .slice(0, 32);
  let sdl = composed.get(key);
  if (!sdl) {
    const file = path.join(os.tmpdir(), 'vigil-supergraph', `${key}.graphql`);
    sdl = readIfPresent(file);
    if (!sdl) {
      sdl = compose(Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, urlSlot(name)])) as Record<SubgraphName, string>).supergraphSdl!;
      writeAtomically(file, sdl);
    }
    composed.set(key, sdl);
  }
  for (const name of SUBGRAPH_NAMES) sdl = sdl.replace(`url: "${urlSlot(name)}"`, `url: ${JSON.stringify(urls[name])}`);
  return sdl;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the composer's version names the cached files
const COMPOSER_VERSION = (require('@apollo/composition/package.json') as { version: string }).version;

function readIfPresent(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Writes `text` to `file` through a temporary file and a rename: a reader never sees part of it. */
function writeAtomically(file: string, text: string): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temporary, text);
    fs.renameSync(temporary, file);
  } catch {
    // a read-only or full temp folder: the next start composes again
  }
}

/** The public API clients see (no federation internals, no @inaccessible fields): what the schema
 * lint and the breaking-change check read. */
export function composeApiSchema(): GraphQLSchema {
  const urls = Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, `http://${name}.invalid/graphql`])) as Record<SubgraphName, string>;
  return compose(urls).schema!.toAPISchema().toGraphQLJSSchema();
}
