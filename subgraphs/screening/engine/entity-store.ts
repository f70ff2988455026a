/**
 * The index's listed entities as compact UTF-8 JSON in a few large byte chunks, decoded on use. A search decodes only the
 * candidates it rescores (tens), while the parsed objects of every listed entity (names, addresses, identifiers, remarks)
 * were the largest per-entity cost of the index (~1.1 KB of heap per shipped record, against ~0.6 KB as bytes here, empty
 * lists left out). Chunks are plain byte arrays, so an index snapshot writes and reads the store as is.
 *
 * The chunks live in memory or in a file (`FileChunks`): at 10 million entities the bytes are ~6 GB, half of the
 * platform's memory budget, while a search reads a few dozen records. A file-backed store reads a record with one
 * positioned read at its chunk's file position plus its offset; the operating system's page cache, not the heap, holds
 * what is read often. A build given a spill file writes each full chunk there as it goes (the file is unlinked at once,
 * so it disappears with its descriptor); a start from an index snapshot reads the records from the snapshot file itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EntityType, WatchlistEntity } from '../lists/model';

/** Largest chunk: well under the 2 GB a single read or write call moves, and under the engine's Buffer limit. */
const CHUNK_BYTES = 256 * 1024 * 1024;
/** Largest chunk of a build that spills to a file: the one chunk the build holds in memory. */
const SPILL_CHUNK_BYTES = 64 * 1024 * 1024;
/** Decoded entities kept between searches (results of a search usually repeat in the next ones). */
const DECODED_MAX = 20_000;
/** Bytes read at once when a file-backed store is walked in order (a rebuild decoding a source). */
const SEQUENTIAL_READ_BYTES = 4 * 1024 * 1024;

const TYPES: EntityType[] = ['individual', 'entity', 'vessel', 'aircraft'];

/** The list fields of an entity: stored only when not empty, restored as [] on decode. */
const LISTS = ['feeds', 'names', 'birthDates', 'nationalities', 'countries', 'addresses', 'identifiers', 'programs', 'sourceUrls'] as const;

/**
 * The entity without its empty lists, to serialise. The lists are top-level fields (model.ts: the nested records hold
 * strings only), so a shallow copy does what a JSON.stringify replacer would, and lets JSON.stringify take its fast path
 * (a replacer function is called for every key and value of every record).
 */
function withoutEmptyLists(e: WatchlistEntity): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(e)) {
    const value = (e as unknown as Record<string, unknown>)[key];
    if (!(Array.isArray(value) && value.length === 0)) out[key] = value;
  }
  return out;
}

function decode(text: string): WatchlistEntity {
  const e = JSON.parse(text) as WatchlistEntity;
  for (const list of LISTS) (e as unknown as Record<string, unknown[]>)[list] ??= [];
  return e;
}

/** Where the entity bytes are: chunk i's bytes, whole or a range of them. */
export interface EntityChunks {
  readonly count: number;
  byteLength(chunk: number): number;
  /** `length` bytes at `start` of the chunk (a view for memory chunks, a fresh buffer for file chunks). */
  read(chunk: number, start: number, length: number): Uint8Array;
}

export class MemoryChunks implements EntityChunks {
  constructor(readonly chunks: Uint8Array[]) {}
  get count(): number {
    return this.chunks.length;
  }
  byteLength(chunk: number): number {
    return this.chunks[chunk].byteLength;
  }
  read(chunk: number, start: number, length: number): Uint8Array {
    return this.chunks[chunk].subarray(start, start + length);
  }
}

/** Descriptors of file chunks, closed when the store that reads them is collected (an index let go after a swap). */
const openFiles = new FinalizationRegistry<number>((fd) => {
  try {
    fs.closeSync(fd);
  } catch {
    // already closed
  }
});

/** Chunks at given positions of an open file (a spill file or an index snapshot); the descriptor is the store's own. */
export class FileChunks implements EntityChunks {
  private scratch = Buffer.alloc(64 * 1024);

  constructor(
    private readonly fd: number,
    readonly positions: number[],
    readonly lengths: number[],
  ) {
    openFiles.register(this, fd);
  }

  /** Chunks at `positions` of a file open read-only (an index snapshot's entity sections); the store owns `fd` now. */
  static fromDescriptor(fd: number, positions: number[], lengths: number[]): FileChunks {
    return new FileChunks(fd, positions, lengths);
  }

  get count(): number {
    return this.positions.length;
  }
  byteLength(chunk: number): number {
    return this.lengths[chunk];
  }
  read(chunk: number, start: number, length: number): Uint8Array {
    const out = Buffer.allocUnsafe(length);
    this.readInto(out, this.positions[chunk] + start);
    return out;
  }
  /** Reads into a shared scratch buffer (valid until the next call): a record decoded at once needs no copy of its own. */
  readTransient(chunk: number, start: number, length: number): Uint8Array {
    if (this.scratch.length < length) this.scratch = Buffer.alloc(Math.max(length, this.scratch.length * 2));
    const view = this.scratch.subarray(0, length);
    this.readInto(view, this.positions[chunk] + start);
    return view;
  }
  private readInto(target: Uint8Array, position: number): void {
    for (let at = 0; at < target.byteLength;) {
      const n = fs.readSync(this.fd, target, at, target.byteLength - at, position + at);
      if (n === 0) throw new Error('entity store: file ends early');
      at += n;
    }
  }
}

export interface EntityStoreParts {
  chunks: EntityChunks;
  /** Per entity: its chunk, its byte offset in the chunk and its byte length. */
  chunkOf: Uint16Array;
  start: Uint32Array;
  length: Uint32Array;
  /** Per entity: index of its type in TYPES (strict type filters read it without decoding). */
  type: Uint8Array;
}

export class EntityStore {
  private decoded = new Map<number, WatchlistEntity>();
  private readonly decoder = new TextDecoder();

  constructor(readonly parts: EntityStoreParts) {}

  get size(): number {
    return this.parts.chunkOf.length;
  }

  /** The entity at position i (parsed from its JSON; the same object while it stays in the decode cache). */
  get(i: number): WatchlistEntity {
    let e = this.decoded.get(i);
    if (e) return e;
    e = decode(this.decoder.decode(this.bytes(i)));
    if (this.decoded.size >= DECODED_MAX) this.decoded.clear();
    this.decoded.set(i, e);
    return e;
  }

  /** Entities decoded and kept now (at most DECODED_MAX). */
  get cachedCount(): number {
    return this.decoded.size;
  }

  private bytes(i: number): Uint8Array {
    const { chunks, chunkOf, start, length } = this.parts;
    return chunks instanceof FileChunks
      ? chunks.readTransient(chunkOf[i], start[i], length[i])
      : chunks.read(chunkOf[i], start[i], length[i]);
  }

  type(i: number): EntityType {
    return TYPES[this.parts.type[i]];
  }

  /** The entities from..to in order, decoded one at a time (not kept in the decode cache). */
  *entities(from = 0, to = this.size): Generator<WatchlistEntity> {
    const { chunks, chunkOf, start, length } = this.parts;
    if (!(chunks instanceof FileChunks)) {
      for (let i = from; i < to; i++) yield decode(this.decoder.decode(chunks.read(chunkOf[i], start[i], length[i])));
      return;
    }
    // A file is read in large windows (records of a chunk lie back to back), not one call per record.
    let window: Uint8Array = new Uint8Array(0);
    let windowChunk = -1;
    let windowStart = 0;
    for (let i = from; i < to; i++) {
      const c = chunkOf[i];
      const s = start[i];
      const l = length[i];
      if (c !== windowChunk || s < windowStart || s + l > windowStart + window.byteLength) {
        const span = Math.min(chunks.byteLength(c) - s, Math.max(SEQUENTIAL_READ_BYTES, l));
        window = chunks.read(c, s, span);
        windowChunk = c;
        windowStart = s;
      }
      yield decode(this.decoder.decode(window.subarray(s - windowStart, s - windowStart + l)));
    }
  }

  get byteLength(): number {
    let sum = 0;
    for (let c = 0; c < this.parts.chunks.count; c++) sum += this.parts.chunks.byteLength(c);
    return sum;
  }
}

export interface EntityStoreBuildOptions {
  /** Write full chunks to a file in this folder (unlinked at once) instead of keeping them in memory. */
  spillDir?: string;
}

/** Appends entities one by one; `finish()` trims the last chunk. */
export class EntityStoreBuilder {
  private chunks: Uint8Array[] = [];
  private chunk: Buffer;
  private used = 0;
  private readonly chunkOf: Uint16Array;
  private readonly start: Uint32Array;
  private readonly length: Uint32Array;
  private readonly type: Uint8Array;
  private count = 0;
  private readonly maxChunk: number;
  /** The spill file: its descriptor, and the position and length of every chunk written to it. */
  private readonly spill?: { fd: number; positions: number[]; lengths: number[]; at: number };

  constructor(
    private readonly capacity: number,
    options: EntityStoreBuildOptions = {},
  ) {
    this.chunkOf = new Uint16Array(capacity);
    this.start = new Uint32Array(capacity);
    this.length = new Uint32Array(capacity);
    this.type = new Uint8Array(capacity);
    this.maxChunk = options.spillDir ? SPILL_CHUNK_BYTES : CHUNK_BYTES;
    if (options.spillDir) {
      fs.mkdirSync(options.spillDir, { recursive: true });
      const file = path.join(options.spillDir, `entities.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.spill`);
      const fd = fs.openSync(file, 'w+');
      // Unlinked at once: the bytes live as long as the descriptor, and no crash leaves the file behind.
      fs.unlinkSync(file);
      this.spill = { fd, positions: [], lengths: [], at: 0 };
    }
    // Small lists get a small first chunk; it grows by doubling up to the largest chunk.
    this.chunk = Buffer.alloc(Math.min(this.maxChunk, Math.max(64 * 1024, capacity * 512)));
  }

  add(e: WatchlistEntity): void {
    const json = JSON.stringify(withoutEmptyLists(e));
    // Encoded straight into the chunk (no bytes of its own): at most 3 bytes per UTF-16 code unit, counted exactly only
    // near the end of the chunk.
    if (this.used + json.length * 3 > this.chunk.length) {
      const needed = Buffer.byteLength(json);
      if (this.used + needed > this.chunk.length) this.grow(needed);
    }
    const length = this.chunk.write(json, this.used);
    const i = this.count++;
    this.chunkOf[i] = this.chunkCount();
    this.start[i] = this.used;
    this.length[i] = length;
    this.type[i] = Math.max(0, TYPES.indexOf(e.type));
    this.used += length;
  }

  private chunkCount(): number {
    return this.spill ? this.spill.positions.length : this.chunks.length;
  }

  private grow(needed: number): void {
    if (this.chunk.length < this.maxChunk) {
      const next = Buffer.alloc(Math.min(this.maxChunk, Math.max(this.chunk.length * 2, this.used + needed)));
      if (this.used + needed <= next.length) {
        next.set(this.chunk.subarray(0, this.used));
        this.chunk = next;
        return;
      }
    }
    // The chunk is full: it is closed and a new one begins (an entity never straddles two chunks).
    this.close(this.chunk.subarray(0, this.used));
    if (!this.spill || this.chunk.length < needed) this.chunk = Buffer.alloc(Math.max(this.maxChunk, needed));
    this.used = 0;
  }

  private close(bytes: Uint8Array): void {
    if (!this.spill) {
      // a copy, trimmed to the bytes used (a Buffer's slice would be a view of the whole chunk)
      this.chunks.push(new Uint8Array(bytes));
      return;
    }
    const { fd, positions, lengths } = this.spill;
    for (let at = 0; at < bytes.byteLength;) at += fs.writeSync(fd, bytes, at, bytes.byteLength - at, this.spill.at + at);
    positions.push(this.spill.at);
    lengths.push(bytes.byteLength);
    this.spill.at += bytes.byteLength;
  }

  finish(): EntityStore {
    if (this.count !== this.capacity) throw new Error(`entity store: ${this.count} of ${this.capacity} entities added`);
    this.close(this.chunk.subarray(0, this.used));
    this.chunk = Buffer.alloc(0);
    const chunks = this.spill ? new FileChunks(this.spill.fd, this.spill.positions, this.spill.lengths) : new MemoryChunks(this.chunks);
    return new EntityStore({ chunks, chunkOf: this.chunkOf, start: this.start, length: this.length, type: this.type });
  }

  /** Lets go of the spill file of a build that did not finish. */
  abandon(): void {
    if (this.spill) fs.closeSync(this.spill.fd);
  }
}
