// Blob store: opaque bytes under string keys. Domains keep metadata (content type, size, checksum,
// owner scope) in their own tables; the store only holds bytes. The local-folder implementation is
// the default (under .vigil/blobs, or VIGIL_BLOB_DIR); an S3-compatible implementation can be
// added behind the same interface (VIGIL_BLOB_DRIVER=s3, not implemented yet).
//
// Keys are relative, slash-separated paths of [A-Za-z0-9._-] segments (no "..", no leading
// slash); callers derive them from unguessable ids, never from user input.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { envValue } from '../config/env';

export interface BlobStore {
  /** Writes (or overwrites) the bytes under key. */
  put(key: string, bytes: Buffer, metadata?: { contentType?: string }): Promise<void>;
  /** The bytes under key, or undefined when absent. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes key; absent keys are not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

export function assertBlobKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
  }
}

/** Bytes as files in a local folder; writes go to a temporary file first and are renamed into
 * place, so a reader never sees a partial blob. */
export class LocalFolderBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  private file(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.file(key));
      return true;
    } catch {
      return false;
    }
  }
}

/** In-memory store (unit tests). */
export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Buffer>();
  async put(key: string, bytes: Buffer): Promise<void> {
    assertBlobKey(key);
    this.blobs.set(key, Buffer.from(bytes));
  }
  async get(key: string): Promise<Buffer | undefined> {
    return this.blobs.get(key);
  }
  async delete(key: string): Promise<void> {
    this.blobs.delete(key);
  }
  async exists(key: string): Promise<boolean> {
    return this.blobs.has(key);
  }
}

/** The configured store. Every service of one installation must see the same store (the REST
 * adapter writes uploads, subgraphs read them): with the local driver, point VIGIL_BLOB_DIR at a
 * shared volume when services run in separate containers. */
export function blobStoreFromEnv(env: NodeJS.ProcessEnv = process.env): BlobStore {
  // The only driver so far: config/env.ts refuses any other VIGIL_BLOB_DRIVER, naming it.
  envValue('VIGIL_BLOB_DRIVER', env);
  return new LocalFolderBlobStore(path.resolve(envValue('VIGIL_BLOB_DIR', env) ?? path.join(process.cwd(), '.vigil', 'blobs')));
}

/** Where an IDV theme logo's bytes live. Asset ids are unguessable (idva_ + 24 random chars) and
 * are the only input; the REST adapter writes here and the IDV subgraph reads (verifies) here. */
export function idvThemeAssetKey(assetId: string): string {
  if (!/^idva_[a-z0-9]{24}$/.test(assetId)) throw new Error('invalid IDV theme asset id');
  return `idv/theme-assets/${assetId}`;
}
