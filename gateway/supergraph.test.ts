import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { readSchema } from '../platform/subgraph/subgraph-server';
import { composeSupergraph, subgraphSchemaPath, SUBGRAPH_NAMES } from './supergraph';
import type { SubgraphName } from '../platform/subgraph/subgraph-definition';

const urls = (port: number) =>
  Object.fromEntries(SUBGRAPH_NAMES.map((name, i) => [name, `http://127.0.0.1:${port + i}/${name}/graphql`])) as Record<
    SubgraphName,
    string
  >;

it('answers the supergraph a composition for these very URLs answers, from its cache as when first composed', () => {
  const direct = (at: Record<SubgraphName, string>) =>
    composeServices(SUBGRAPH_NAMES.map((name) => ({ name, url: at[name], typeDefs: parse(readSchema(subgraphSchemaPath(name))) })))
      .supergraphSdl;
  // first call of this process: the cached file (if another process wrote it) or a composition
  expect(composeSupergraph(urls(4100))).toBe(direct(urls(4100)));
  // again with other URLs: from the process's own cache, the slots filled anew
  expect(composeSupergraph(urls(5200))).toBe(direct(urls(5200)));
  // the file another process reads holds slots, not this process's URLs
  const cached = fs.readdirSync(path.join(os.tmpdir(), 'vigil-supergraph')).filter((file) => file.endsWith('.graphql'));
  expect(cached.length).toBeGreaterThan(0);
  for (const file of cached) expect(fs.readFileSync(path.join(os.tmpdir(), 'vigil-supergraph', file), 'utf8')).not.toContain('127.0.0.1');
});
