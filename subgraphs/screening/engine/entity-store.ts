/**
 * The index's listed entities as compact UTF-8 JSON in a few large byte chunks, decoded on use. A search decodes only the
 * candidates it rescores (tens), while the parsed objects of every listed entity (names, addresses, identifiers, remarks)
 * were the largest per-entity cost of the index (~1.1 KB of heap per shipped record, against ~0.6 KB as bytes here, empty
 * lists left out). Chunks are plain byte arrays, so an index snapshot writes and reads the store as is.
 */
import type { EntityType, WatchlistEntity } from '../lists/model';

/** Largest chunk: well under the 2 GB a single read or write call moves, and under the engine's Buffer limit. */
const CHUNK_BYTES = 256 * 1024 * 1024;
/** Decoded entities kept between searches (results of a search usually repeat in the next ones). */
const DECODED_MAX = 20_000;

const TYPES: EntityType[] = ['individual', 'entity', 'vessel', 'aircraft'];

/** The list fields of an entity: stored only when not empty, restored as [] on decode. */
const LISTS = ['feeds', 'names', 'birthDates', 'nationalities', 'countries', 'addresses', 'identifiers', 'programs', 'sourceUrls'] as const;

const withoutEmptyLists = (key: string, value: unknown) => (Array.isArray(value) && value.length === 0 && key !== '' ? undefined : value);

function decode(text: string): WatchlistEntity {
  const e = JSON.parse(text) as WatchlistEntity;
  for (const list of LISTS) (e as unknown as Record<string, unknown[]>)[list] ??= [];
  return e;
}

export interface EntityStoreParts {
  chunks: Uint8Array[];
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
    const { chunks, chunkOf, start, length } = this.parts;
    const bytes = chunks[chunkOf[i]].subarray(start[i], start[i] + length[i]);
    e = decode(this.decoder.decode(bytes));
    if (this.decoded.size >= DECODED_MAX) this.decoded.clear();
    this.decoded.set(i, e);
    return e;
  }

  type(i: number): EntityType {
    return TYPES[this.parts.type[i]];
  }

  /** The entities from..to in order, decoded one at a time (not kept in the decode cache). */
  *entities(from = 0, to = this.size): Generator<WatchlistEntity> {
    const { chunks, chunkOf, start, length } = this.parts;
    for (let i = from; i < to; i++) yield decode(this.decoder.decode(chunks[chunkOf[i]].subarray(start[i], start[i] + length[i])));
  }

  get byteLength(): number {
    return this.parts.chunks.reduce((sum, c) => sum + c.byteLength, 0);
  }
}

/** Appends entities one by one; `finish()` trims the last chunk. */
export class EntityStoreBuilder {
  private readonly encoder = new TextEncoder();
  private chunks: Uint8Array[] = [];
  private chunk: Uint8Array;
  private used = 0;
  private readonly chunkOf: Uint16Array;
  private readonly start: Uint32Array;
  private readonly length: Uint32Array;
  private readonly type: Uint8Array;
  private count = 0;

  constructor(private readonly capacity: number) {
    this.chunkOf = new Uint16Array(capacity);
    this.start = new Uint32Array(capacity);
    this.length = new Uint32Array(capacity);
    this.type = new Uint8Array(capacity);
    // Small lists get a small first chunk; it grows by doubling up to CHUNK_BYTES.
    this.chunk = new Uint8Array(Math.min(CHUNK_BYTES, Math.max(64 * 1024, capacity * 512)));
  }

  add(e: WatchlistEntity): void {
    const bytes = this.encoder.encode(JSON.stringify(e, withoutEmptyLists));
    if (this.used + bytes.length > this.chunk.length) this.grow(bytes.length);
    const i = this.count++;
    this.chunk.set(bytes, this.used);
    this.chunkOf[i] = this.chunks.length;
    this.start[i] = this.used;
    this.length[i] = bytes.length;
    this.type[i] = Math.max(0, TYPES.indexOf(e.type));
    this.used += bytes.length;
  }

  private grow(needed: number): void {
    if (this.chunk.length < CHUNK_BYTES) {
      const next = new Uint8Array(Math.min(CHUNK_BYTES, Math.max(this.chunk.length * 2, this.used + needed)));
      if (this.used + needed <= next.length) {
        next.set(this.chunk.subarray(0, this.used));
        this.chunk = next;
        return;
      }
    }
    // The chunk is full: it is closed and a new one begins (an entity never straddles two chunks).
    this.chunks.push(this.chunk.slice(0, this.used));
    this.chunk = new Uint8Array(Math.max(CHUNK_BYTES, needed));
    this.used = 0;
  }

  finish(): EntityStore {
    if (this.count !== this.capacity) throw new Error(`entity store: ${this.count} of ${this.capacity} entities added`);
    const chunks = [...this.chunks, this.chunk.slice(0, this.used)];
    return new EntityStore({ chunks, chunkOf: this.chunkOf, start: this.start, length: this.length, type: this.type });
  }
}
