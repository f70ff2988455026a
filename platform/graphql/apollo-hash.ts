// Apollo's SHA-256 helper (@apollo/utils.createhash) looks `crypto` up with `module.require` on
// every call, to also run in browsers. Under tsx (npm start) every such lookup goes through tsx's
// module resolver: three per REST request (Apollo Server's query hash in the gateway and in the
// subgraph, the gateway's query-plan cache key), 1.5 % of a search's CPU in the profiles of
// docs/performance.md. Both copies of the helper (Apollo Server's and the gateway's) are pointed at
// node:crypto once per process; the hashes are the same. Listed in platform/library-patches.ts.
import crypto from 'node:crypto';
import path from 'node:path';

type CreateHash = (kind: string) => crypto.Hash;

const nodeHashes = new WeakSet<CreateHash>();

/** The helper modules Apollo Server and the gateway load (each package may have its own copy). */
export function apolloHashModules(): { createHash: CreateHash }[] {
  const files = ['@apollo/server', '@apollo/gateway'].map((owner) =>
    require.resolve('@apollo/utils.createhash', { paths: [path.dirname(require.resolve(owner))] }),
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the very CommonJS module objects Apollo loads (by resolved path), patched synchronously before they hash
  return [...new Set(files)].map((file) => require(file) as { createHash: CreateHash });
}

/** The helper answers from node:crypto directly (useNodeCryptoForApolloHashes ran). */
export function usesNodeCrypto(helper: { createHash: CreateHash }): boolean {
  return nodeHashes.has(helper.createHash);
}

export function useNodeCryptoForApolloHashes(): void {
  for (const helper of apolloHashModules()) {
    if (usesNodeCrypto(helper)) continue;
    const createHash: CreateHash = (kind) => crypto.createHash(kind);
    nodeHashes.add(createHash);
    helper.createHash = createHash;
  }
}
