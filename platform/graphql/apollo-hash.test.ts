import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apolloHashModules, useNodeCryptoForApolloHashes, usesNodeCrypto } from './apollo-hash';

it("points Apollo Server's and the gateway's hash helper at node:crypto, with the same digests", () => {
  expect(apolloHashModules().some(usesNodeCrypto)).toBe(false);
  const before = apolloHashModules().map((helper) => helper.createHash('sha256').update('query { a }').digest('hex'));
  useNodeCryptoForApolloHashes();
  useNodeCryptoForApolloHashes(); // idempotent
  const helpers = apolloHashModules();
  expect(helpers.length).toBeGreaterThan(0);
  for (const [i, helper] of helpers.entries()) {
    expect(usesNodeCrypto(helper)).toBe(true);
    expect(helper.createHash('sha256').update('query { a }').digest('hex')).toBe(before[i]);
  }
  expect(before[0]).toBe(crypto.createHash('sha256').update('query { a }').digest('hex'));
  // The module Apollo Server's request pipeline itself requires is one of them.
  const pipelineDir = path.dirname(require.resolve('@apollo/server'));
  expect(fs.existsSync(path.join(pipelineDir, 'requestPipeline.js'))).toBe(true);
  const pipeline = require.resolve('@apollo/utils.createhash', { paths: [pipelineDir] });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object the pipeline itself loaded (by resolved path), compared by identity
  expect(helpers).toContain(require(pipeline));
});
