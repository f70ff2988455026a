// npx tsx bench/retrieval-diff.bench.ts [--names N]
//
// The differential check of the pair retrieval on the shipped lists: N listed names (default 1000) as listed, with a
// typo, reordered and with a token dropped, each searched with the pair retrieval and with the exhaustive walk
// (bench/lib/retrieval-diff.ts). Exits 1 when any result differs. The same check at list scale:
// `npx tsx bench/scale.bench.ts --engine --compare --entities N`.
import { Rng } from '../lib/random/prng';
import { buildIndex } from '../subgraphs/screening/engine';
import { loadList, shippedLists, type WatchlistEntity } from '../subgraphs/screening/services/engine-adapter';
import { shippedWatchlistDir } from '../subgraphs/screening/services/import-service';
import { diffReport, diffRetrieval, queryVariants } from './lib/retrieval-diff';

async function main(): Promise<void> {
  const i = process.argv.indexOf('--names');
  const count = i >= 0 ? Number(process.argv[i + 1]) : 1000;
  const entities: WatchlistEntity[] = [];
  for (const list of shippedLists(shippedWatchlistDir())) entities.push(...(await loadList(list.format, list.paths)));
  const index = buildIndex(entities);
  // every posting walked and no budget: the pairs' scoring must give exactly the walk's answers
  index.retrieval.shortPosting = Infinity;
  index.retrieval.budget = Infinity;
  const rng = new Rng(11);
  const names = rng.shuffle(entities.flatMap((e) => e.names.filter((n) => n.kind !== 'title').map((n) => n.value))).slice(0, count);
  const diff = diffRetrieval(index, queryVariants(names, rng));
  console.log(`retrieval diff on the shipped lists (${entities.length} entities, ${count} listed names):`);
  for (const line of diffReport(diff)) console.log(line);
  process.exitCode = diff.differing.length ? 1 : 0;
}

void main();
