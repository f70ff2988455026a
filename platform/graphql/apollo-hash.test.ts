import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apolloHashModules, RememberedDigests, useNodeCryptoForApolloHashes, usesNodeCrypto } from './apollo-hash';

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

it("answers every use of the patched helper with node:crypto's digests", () => {
  useNodeCryptoForApolloHashes();
  const [helper] = apolloHashModules();
  const sha256 = (...pieces: string[]) => pieces.reduce((hash, piece) => hash.update(piece), crypto.createHash('sha256'));
  const text = 'query Profile($id: ID!) { profile(id: $id) { id name } }';
  // Apollo Server's query hash, twice (the second from the remembered digests).
  for (let i = 0; i < 2; i++) expect(helper.createHash('sha256').update(text).digest('hex')).toBe(sha256(text).digest('hex'));
  // The gateway's query-plan key: two updates, a lone surrogate split across them included.
  expect(helper.createHash('sha256').update('ab\ud83d').update('\ude00c').digest('hex')).toBe(sha256('ab\ud83d', '\ude00c').digest('hex'));
  expect(helper.createHash('sha256').update(text).digest('base64')).toBe(sha256(text).digest('base64'));
  expect(helper.createHash('sha256').update(text).digest()).toEqual(sha256(text).digest());
  expect(helper.createHash('sha256').update(Buffer.from(text)).digest('hex')).toBe(sha256(text).digest('hex'));
  expect(helper.createHash('sha256').update('6869', 'hex').digest('hex')).toBe(crypto.createHash('sha256').update('hi').digest('hex'));
  expect(helper.createHash('sha512').update(text).digest('hex')).toBe(crypto.createHash('sha512').update(text).digest('hex'));
});

it('remembers digests within its bounds, forgetting the oldest texts first', () => {
  const digests = new RememberedDigests(10, 20);
  const hex = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
  for (const text of ['aaaaaaa', 'bbbbbbb', 'ccccccc', 'bbbbbbb', 'a much longer text']) expect(digests.hex(text)).toBe(hex(text));
  // 7 + 7 + 7 characters exceed 20: the first is forgotten; the long text is never remembered.
  expect(digests.size).toBe(2);
  expect(digests.hex('')).toBe(hex(''));
});
