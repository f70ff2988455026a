// The screening index on disk. Without it every start rebuilt the index from PostgreSQL: read every
// active entity as jsonb, normalize and intern every name (docs/performance.md, "Scale": minutes at
// millions of entities). After a build from the database the index thread writes the built index to
// one file (typed arrays and string tables, as the engine holds them); the next start loads it when
// it was built from the list versions PostgreSQL has active now, which only reads the file.
//
// Layout: "VIGILIDX", uint32 LE header length, the header (JSON: format, scorer version, the list
// versions and sequences it was built from, the sections and the SHA-256 of their bytes), then the
// sections back to back. A file of another format or scorer, of other list versions, of the wrong
// size, failing its checksum or whose parts do not fit together is ignored (the caller rebuilds).
import { createHash } from 'node:crypto';
import fsSync, { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  FileChunks,
  type EntityChunks,
  exportEngineState,
  restoreEngineIndex,
  SCORER_VERSION,
  type EngineIndex,
  type EngineIndexState,
} from './engine-adapter';

/** Bumped whenever the layout or the meaning of a section changes. */
export const SNAPSHOT_FORMAT = 3;
const MAGIC = Buffer.from('VIGILIDX', 'latin1');
/** A header beyond this is no header of ours (the length is read before anything is trusted). */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;
/** One read or write call moves at most this much (node refuses 2 GB and more). */
const IO_BYTES = 512 * 1024 * 1024;

/** What the index was built from: source → active version id, its sequence and its number of
 * entities (the index holds the sources one after the other, in source order). */
export interface SnapshotLists {
  versions: Record<string, string>;
  seqs: Record<string, number>;
  counts?: Record<string, number>;
}

type ArrayKind = 'i32' | 'u32' | 'u16' | 'u8';
interface SectionHeader {
  name: string;
  kind: ArrayKind | 'strings';
  bytes: number;
  /** Number of strings of a string table. */
  count?: number;
}
interface SnapshotHeader {
  format: number;
  scorerVersion: string;
  lists: SnapshotLists;
  stats: EngineIndexState['stats'];
  sections: SectionHeader[];
  sha256: string;
  writtenAt: string;
}

export type SnapshotRead =
  { ok: true; engine: EngineIndex; lists: SnapshotLists; bytes: number; readMs: number; restoreMs: number } | { ok: false; reason: string };

/** The snapshot file in `dir` (one per folder: a file of other lists is simply not loaded, then replaced). */
export function snapshotFile(dir: string): string {
  return path.join(dir, 'screening-index.bin');
}

const kindOf = (a: ArrayBufferView): ArrayKind => {
  if (a instanceof Int32Array) return 'i32';
  if (a instanceof Uint32Array) return 'u32';
  if (a instanceof Uint16Array) return 'u16';
  if (a instanceof Uint8Array) return 'u8';
  throw new Error('index snapshot: unsupported array type');
};

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** A section's bytes: at hand, or the entity chunk they are read from piece by piece (a file-backed store). */
interface SectionOut {
  header: SectionHeader;
  pieces: () => Iterable<Uint8Array>;
}

/** The sections of a state, in file order, with their bytes. */
function sectionsOf(state: EngineIndexState): SectionOut[] {
  const out: SectionOut[] = [];
  const whole = (data: Uint8Array) => () => [data];
  const array = (name: string, a: Int32Array | Uint32Array | Uint16Array | Uint8Array) =>
    out.push({ header: { name, kind: kindOf(a), bytes: a.byteLength }, pieces: whole(bytesOf(a)) });
  for (const [name, a] of Object.entries(state.arrays)) array(`arrays.${name}`, a);
  for (const [name, list] of Object.entries(state.strings)) {
    // Normalized tokens, phonetic keys and trigrams never hold NUL.
    const data = Buffer.from(list.join('\0'), 'utf8');
    out.push({ header: { name: `strings.${name}`, kind: 'strings', bytes: data.byteLength, count: list.length }, pieces: whole(data) });
  }
  array('store.chunkOf', state.store.chunkOf);
  array('store.start', state.store.start);
  array('store.length', state.store.length);
  array('store.type', state.store.type);
  const chunks = state.store.chunks;
  for (let c = 0; c < chunks.count; c++) {
    const bytes = chunks.byteLength(c);
    out.push({
      header: { name: `store.chunk.${c}`, kind: 'u8', bytes },
      // Read in pieces: a store whose bytes are in a file is never held whole in memory to be written.
      *pieces() {
        for (let at = 0; at < bytes; at += PIECE_BYTES) yield chunks.read(c, at, Math.min(PIECE_BYTES, bytes - at));
      },
    });
  }
  return out;
}

/** Entity bytes are hashed, written and checked in pieces of this size. */
const PIECE_BYTES = 16 * 1024 * 1024;

/** Writes the index beside the target and renames it into place (a reader never sees half a file). */
export async function writeIndexSnapshot(file: string, engine: EngineIndex, lists: SnapshotLists): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  const state = exportEngineState(engine);
  const sections = sectionsOf(state);
  const hash = createHash('sha256');
  for (const s of sections) for (const piece of s.pieces()) hash.update(piece);
  const header: SnapshotHeader = {
    format: SNAPSHOT_FORMAT,
    scorerVersion: SCORER_VERSION,
    lists,
    stats: state.stats,
    sections: sections.map((s) => s.header),
    sha256: hash.digest('hex'),
    writtenAt: new Date().toISOString(),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(12);
  MAGIC.copy(prefix, 0);
  prefix.writeUInt32LE(headerBytes.length, 8);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await fs.open(temporary, 'w');
  let bytes = 0;
  try {
    const pieces = function* () {
      yield prefix;
      yield headerBytes;
      for (const s of sections) yield* s.pieces();
    };
    for (const data of pieces()) {
      for (let at = 0; at < data.byteLength;) {
        const { bytesWritten } = await handle.write(data, at, Math.min(IO_BYTES, data.byteLength - at));
        at += bytesWritten;
      }
      bytes += data.byteLength;
    }
    await handle.close();
    await fs.rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return { bytes, ms: Math.round(performance.now() - started) };
}

function sameLists(a: SnapshotLists, b: SnapshotLists): boolean {
  const sources = Object.keys(b.versions);
  return (
    Object.keys(a.versions).length === sources.length &&
    sources.every((source) => a.versions[source] === b.versions[source] && a.seqs?.[source] === b.seqs[source])
  );
}

async function readFully(handle: fs.FileHandle, target: Uint8Array, position: number): Promise<void> {
  for (let at = 0; at < target.byteLength;) {
    const { bytesRead } = await handle.read(target, at, Math.min(IO_BYTES, target.byteLength - at), position + at);
    if (bytesRead === 0) throw new Error('file ends early');
    at += bytesRead;
  }
}

const CONSTRUCTORS = { i32: Int32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array } as const;
const WIDTH = { i32: 4, u32: 4, u16: 2, u8: 1 } as const;

/**
 * Loads the snapshot when it was built, by this format and scorer, from exactly the lists `expected`
 * names; otherwise (no file, other lists, corrupt) says why not. Never throws for a bad file.
 */
export async function readIndexSnapshot(file: string, expected: SnapshotLists): Promise<SnapshotRead> {
  const started = performance.now();
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch {
    return { ok: false, reason: 'no snapshot file' };
  }
  try {
    const size = (await handle.stat()).size;
    const prefix = Buffer.alloc(12);
    await readFully(handle, prefix, 0);
    if (!prefix.subarray(0, 8).equals(MAGIC)) return { ok: false, reason: 'not an index snapshot' };
    const headerLength = prefix.readUInt32LE(8);
    if (headerLength > MAX_HEADER_BYTES || 12 + headerLength > size) return { ok: false, reason: 'corrupt header' };
    const headerBytes = Buffer.alloc(headerLength);
    await readFully(handle, headerBytes, 12);
    let header: SnapshotHeader;
    try {
      header = JSON.parse(headerBytes.toString('utf8')) as SnapshotHeader;
    } catch {
      return { ok: false, reason: 'corrupt header' };
    }
    if (header.format !== SNAPSHOT_FORMAT) return { ok: false, reason: `format ${header.format}, not ${SNAPSHOT_FORMAT}` };
    if (header.scorerVersion !== SCORER_VERSION) return { ok: false, reason: `scorer ${header.scorerVersion}, not ${SCORER_VERSION}` };
    if (!header.lists?.versions || !sameLists(header.lists, expected)) return { ok: false, reason: 'built from other list versions' };
    if (!Array.isArray(header.sections)) return { ok: false, reason: 'corrupt header' };
    const body = header.sections.reduce((sum, s) => sum + s.bytes, 0);
    if (12 + headerLength + body !== size) return { ok: false, reason: `size ${size}, not ${12 + headerLength + body}` };
    const hash = createHash('sha256');
    const read = new Map<string, { header: SectionHeader; data: Uint8Array }>();
    // The entity chunks stay in the file: checked piece by piece, then read record by record by the store.
    const chunkAt = new Map<string, number>();
    let piece: Uint8Array | undefined;
    let position = 12 + headerLength;
    for (const section of header.sections) {
      const width = section.kind === 'strings' ? 1 : WIDTH[section.kind];
      if (!width || section.bytes % width !== 0) return { ok: false, reason: `corrupt section ${section.name}` };
      if (section.name.startsWith('store.chunk.')) {
        piece ??= new Uint8Array(PIECE_BYTES);
        for (let at = 0; at < section.bytes; at += PIECE_BYTES) {
          const view = piece.subarray(0, Math.min(PIECE_BYTES, section.bytes - at));
          await readFully(handle, view, position + at);
          hash.update(view);
        }
        chunkAt.set(section.name, position);
        read.set(section.name, { header: section, data: new Uint8Array(0) });
        position += section.bytes;
        continue;
      }
      // A fresh buffer per section: aligned for its typed array, and let go section by section.
      const data = new Uint8Array(section.bytes);
      await readFully(handle, data, position);
      position += section.bytes;
      hash.update(data);
      read.set(section.name, { header: section, data });
    }
    if (hash.digest('hex') !== header.sha256) return { ok: false, reason: 'checksum mismatch' };
    const readMs = performance.now() - started;
    const restoring = performance.now();
    // The store reads from a descriptor of its own, of this very file (not one renamed into place since).
    const ino = (await handle.stat()).ino;
    const fd = fsSync.openSync(file, 'r');
    if (fsSync.fstatSync(fd).ino !== ino) {
      fsSync.closeSync(fd);
      return { ok: false, reason: 'replaced while read' };
    }
    const state = stateOf(read, header, (names) =>
      FileChunks.fromDescriptor(
        fd,
        names.map((name) => chunkAt.get(name)!),
        names.map((name) => read.get(name)!.header.bytes),
      ),
    );
    if (typeof state === 'string') fsSync.closeSync(fd);
    if (typeof state === 'string') return { ok: false, reason: state };
    let engine: EngineIndex;
    try {
      engine = restoreEngineIndex(state);
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
    return {
      ok: true,
      engine,
      lists: header.lists,
      bytes: size,
      readMs: Math.round(readMs),
      restoreMs: Math.round(performance.now() - restoring),
    };
  } catch (error) {
    return { ok: false, reason: `unreadable: ${(error as Error).message}` };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The engine state from the sections read, or why the sections do not make one. */
function stateOf(
  read: Map<string, { header: SectionHeader; data: Uint8Array }>,
  header: SnapshotHeader,
  fileChunks: (sections: string[]) => EntityChunks,
): EngineIndexState | string {
  const array = <K extends ArrayKind>(name: string, kind: K): InstanceType<(typeof CONSTRUCTORS)[K]> | undefined => {
    const section = read.get(name);
    if (!section || section.header.kind !== kind) return undefined;
    return new CONSTRUCTORS[kind](
      section.data.buffer as ArrayBuffer,
      section.data.byteOffset,
      section.data.byteLength / WIDTH[kind],
    ) as InstanceType<(typeof CONSTRUCTORS)[K]>;
  };
  const strings = (name: string): string[] | undefined => {
    const section = read.get(name);
    if (!section || section.header.kind !== 'strings') return undefined;
    const count = section.header.count ?? -1;
    const list =
      count === 0 ? [] : Buffer.from(section.data.buffer, section.data.byteOffset, section.data.byteLength).toString('utf8').split('\0');
    return list.length === count ? list : undefined;
  };
  const kinds: Record<string, ArrayKind> = {
    nameEntity: 'i32',
    nameIndex: 'u16',
    nameTokStart: 'i32',
    tokIds: 'i32',
    tokClass: 'u8',
    vocabKey: 'i32',
    df: 'i32',
    entNameStart: 'i32',
    feedMask: 'u16',
    postTokOffsets: 'i32',
    postTokValues: 'i32',
    postKeyOffsets: 'i32',
    postKeyValues: 'i32',
    postJoinOffsets: 'i32',
    postJoinValues: 'i32',
    joinHashes: 'i32',
    trigramOffsets: 'i32',
    trigramValues: 'i32',
    pairHashes: 'i32',
    postPairOffsets: 'i32',
    postPairValues: 'i32',
    altKeyNames: 'i32',
  };
  const arrays: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const a = array(`arrays.${name}`, kind);
    if (!a) return `missing section arrays.${name}`;
    arrays[name] = a;
  }
  const tables: Record<string, string[]> = {};
  for (const name of ['vocab', 'keys', 'trigrams']) {
    const list = strings(`strings.${name}`);
    if (!list) return `missing section strings.${name}`;
    tables[name] = list;
  }
  const chunkOf = array('store.chunkOf', 'u16');
  const start = array('store.start', 'u32');
  const length = array('store.length', 'u32');
  const type = array('store.type', 'u8');
  if (!chunkOf || !start || !length || !type) return 'missing entity store section';
  const names: string[] = [];
  for (let i = 0; read.get(`store.chunk.${i}`)?.header.kind === 'u8'; i++) names.push(`store.chunk.${i}`);
  const sizes = names.map((name) => read.get(name)!.header.bytes);
  // Every entity must lie inside its chunk (a decode would otherwise read past it).
  for (let i = 0; i < chunkOf.length; i++) {
    if (chunkOf[i] >= sizes.length || start[i] + length[i] > sizes[chunkOf[i]]) return 'entity store out of bounds';
  }
  const chunks = fileChunks(names);
  return {
    stats: header.stats,
    arrays: arrays as EngineIndexState['arrays'],
    strings: tables as EngineIndexState['strings'],
    store: { chunks, chunkOf, start, length, type },
  };
}
