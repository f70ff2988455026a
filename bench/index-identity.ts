// npx tsx bench/index-identity.ts --baseline-root DIR [--entities N]
//
// A change to how the screening index is built must not change the index: this builds the same input with the engine
// of another checkout (DIR, e.g. `git archive <commit> lib subgraphs/screening platform/config | tar -x -C DIR` with a
// node_modules link) and with this checkout's, and compares their exportState(): every typed array, every string table
// and the entity store (its per-entity arrays and every byte of its chunks). Inputs: the shipped lists, and N synthetic
// entities (200,000 by default) drawn from their distributions. Exits 1 on the first difference.
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { Rng } from '../lib/random/prng';
import type { IndexState } from '../subgraphs/screening/engine';
import type { EntityChunks } from '../subgraphs/screening/engine/entity-store';
import { ftmToEntity } from '../subgraphs/screening/lists';
import type { WatchlistEntity } from '../subgraphs/screening/services/engine-adapter';
import { derivePools, shippedEntities, syntheticEntity } from './lib/synthetic-watchlist';

type Engine = typeof import('../subgraphs/screening/engine');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The index of `entities` built by `engine`, as the platform builds it (fed one by one, entity bytes spilled). */
function build(engine: Engine, entities: WatchlistEntity[]): { state: IndexState; ms: number } {
  const spill = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-index-identity-'));
  try {
    const started = performance.now();
    const builder = new engine.IndexBuilder(entities.length, undefined, { spillDir: spill });
    for (const e of entities) builder.add(e);
    const index = builder.finish();
    return { state: index.exportState(), ms: performance.now() - started };
  } finally {
    fs.rmSync(spill, { recursive: true, force: true });
  }
}

function chunkBytes(chunks: EntityChunks): Buffer {
  const parts: Uint8Array[] = [];
  for (let c = 0; c < chunks.count; c++) parts.push(chunks.read(c, 0, chunks.byteLength(c)));
  return Buffer.concat(parts);
}

const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** The first difference between two index states, or undefined when they are identical. */
function difference(a: IndexState, b: IndexState): string | undefined {
  const { buildMs: _a, ...statsA } = a.stats;
  const { buildMs: _b, ...statsB } = b.stats;
  if (JSON.stringify(statsA) !== JSON.stringify(statsB)) return `stats ${JSON.stringify(statsA)} ≠ ${JSON.stringify(statsB)}`;
  for (const name of Object.keys(a.arrays) as (keyof IndexState['arrays'])[]) {
    const x = a.arrays[name];
    const y = b.arrays[name];
    if (x.constructor !== y.constructor) return `arrays.${name}: ${x.constructor.name} ≠ ${y.constructor.name}`;
    if (!bytesOf(x).equals(bytesOf(y))) return `arrays.${name} differ (lengths ${x.length}, ${y.length})`;
  }
  for (const name of Object.keys(a.strings) as (keyof IndexState['strings'])[]) {
    const x = a.strings[name];
    const y = b.strings[name];
    if (x.length !== y.length) return `strings.${name}: ${x.length} ≠ ${y.length} strings`;
    const at = x.findIndex((s, i) => s !== y[i]);
    if (at >= 0) return `strings.${name}[${at}]: ${JSON.stringify(x[at])} ≠ ${JSON.stringify(y[at])}`;
  }
  for (const name of ['chunkOf', 'start', 'length', 'type'] as const)
    if (!bytesOf(a.store[name]).equals(bytesOf(b.store[name]))) return `store.${name} differ`;
  if (a.store.chunks.count !== b.store.chunks.count) return `store chunks ${a.store.chunks.count} ≠ ${b.store.chunks.count}`;
  if (!chunkBytes(a.store.chunks).equals(chunkBytes(b.store.chunks))) return 'store bytes differ';
  return undefined;
}

function syntheticList(shipped: WatchlistEntity[], count: number): WatchlistEntity[] {
  const pools = derivePools(shipped);
  const rng = new Rng(20261127);
  const out: WatchlistEntity[] = [];
  for (let i = 0; i < count; i++) {
    const raw = JSON.parse(syntheticEntity(rng, pools, i).line) as Parameters<typeof ftmToEntity>[0];
    out.push(ftmToEntity(raw, 'scale_synthetic', i)!);
  }
  return out;
}

async function main(): Promise<void> {
  const baselineRoot = option('baseline-root');
  if (!baselineRoot) throw new Error('--baseline-root DIR: the checkout whose engine builds the reference index');
  const count = Number(option('entities') ?? 200_000);
  const engineAt = async (root: string) => (await import(path.join(path.resolve(root), 'subgraphs/screening/engine/index.ts'))) as Engine;
  const baseline = await engineAt(baselineRoot);
  const current = await engineAt(path.resolve(__dirname, '..'));
  const shipped = await shippedEntities();
  let failed = false;
  for (const [what, entities] of [
    ['shipped lists', shipped],
    [`${count} synthetic entities`, syntheticList(shipped, count)],
  ] as const) {
    const before = build(baseline, entities);
    const after = build(current, entities);
    const diff = difference(before.state, after.state);
    say(
      `${what}: ${diff ? `DIFFERENT: ${diff}` : 'identical'} (built in ${Math.round(before.ms)} ms by the baseline, ${Math.round(after.ms)} ms now)`,
    );
    failed ||= diff !== undefined;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
