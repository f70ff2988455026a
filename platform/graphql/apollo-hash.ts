// Apollo's SHA-256 helper (@apollo/utils.createhash) looks `crypto` up with `module.require` on
// every call, to also run in browsers. Under tsx (npm start) every such lookup goes through tsx's
// module resolver: three per REST request (Apollo Server's query hash in the gateway and in the
// subgraph, the gateway's query-plan cache key), 1.5 % of a search's CPU in the profiles of
// docs/performance.md. Both copies of the helper (Apollo Server's and the gateway's) are pointed at
// node:crypto once per process; the hashes are the same. Listed in platform/library-patches.ts.
//
// Apollo Server hashes the whole operation text of every request (its parsed-document cache key),
// in the gateway and again in each subgraph the plan calls, and a client or the gateway's plan
// sends the same few dozen texts over and over: the hex digest of a text hashed alone is
// remembered (bounded), so a repeated text costs a map lookup instead of a SHA-256 and a native
// Hash object. Any other use (several updates, buffers, another encoding, another algorithm) is
// node:crypto's own, unchanged.
import crypto from 'node:crypto';
import path from 'node:path';

type CreateHash = (kind: string) => crypto.Hash;

const nodeHashes = new WeakSet<CreateHash>();

/** Texts longer than this are hashed every time (an operation is a few KB; the document cache's
 * own bound is what limits texts Apollo accepts). */
const MAX_REMEMBERED_TEXT = 64 * 1024;
/** Characters held by the remembered texts in all (the oldest are forgotten first): ~4 MB. */
const MAX_REMEMBERED_CHARS = 2 * 1024 * 1024;

/** Hex SHA-256 digests of recently hashed texts, oldest first. */
export class RememberedDigests {
  private readonly digests = new Map<string, string>();
  private chars = 0;

  constructor(
    private readonly maxText = MAX_REMEMBERED_TEXT,
    private readonly maxChars = MAX_REMEMBERED_CHARS,
  ) {}

  hex(text: string): string {
    const known = this.digests.get(text);
    if (known !== undefined) return known;
    const digest = crypto.hash('sha256', text, 'hex');
    if (text.length <= this.maxText) this.remember(text, digest);
    return digest;
  }

  get size(): number {
    return this.digests.size;
  }

  private remember(text: string, digest: string): void {
    this.chars += text.length;
    while (this.chars > this.maxChars) {
      const oldest = this.digests.keys().next().value as string;
      this.digests.delete(oldest);
      this.chars -= oldest.length;
    }
    this.digests.set(text, digest);
  }
}

const sha256Digests = new RememberedDigests();

/** What Apollo's callers do with the helper's answer: `.update(text)…digest('hex')`. A single text
 * with a hex digest is answered from the remembered digests; anything else is replayed onto a
 * node:crypto Hash in the same order. */
class RememberingSha256 {
  private text: string | undefined;
  private hash: crypto.Hash | undefined;

  update(data: crypto.BinaryLike, encoding?: crypto.Encoding): this {
    if (this.hash === undefined && this.text === undefined && typeof data === 'string' && encoding === undefined) {
      this.text = data;
      return this;
    }
    this.nodeHash().update(data as string, encoding as crypto.Encoding);
    return this;
  }

  digest(encoding?: crypto.BinaryToTextEncoding): string | Buffer {
    if (this.hash === undefined && this.text !== undefined && encoding === 'hex') return sha256Digests.hex(this.text);
    return encoding === undefined ? this.nodeHash().digest() : this.nodeHash().digest(encoding);
  }

  private nodeHash(): crypto.Hash {
    if (this.hash === undefined) {
      this.hash = crypto.createHash('sha256');
      if (this.text !== undefined) this.hash.update(this.text);
    }
    return this.hash;
  }
}

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
    // Only the part of crypto.Hash Apollo's callers use is implemented for SHA-256 (the shape
    // check in library-patches.test.ts holds them to it).
    const createHash: CreateHash = (kind) =>
      kind === 'sha256' ? (new RememberingSha256() as unknown as crypto.Hash) : crypto.createHash(kind);
    nodeHashes.add(createHash);
    helper.createHash = createHash;
  }
}
