/**
 * Automatic disposition quality on a labelled set built from the shipped lists (no database needed).
 * True pairs: a listed individual searched by its name with its listed secondary facts (birth date,
 * nationality or country). False pairs: the same name or a one-letter look-alike with different facts
 * (a birth year 7 to 30 years off, a country the record does not list). Each pair is searched on the
 * real engine index; the listed record's match goes through the Full Auto analyser at the default
 * threshold. Printed beside the name-match figure (was the listed record returned at all?) and a
 * naive baseline (clear when the birth year differs, else leave). Targets: 0 true pairs marked
 * false_positive; at least 60% of false pairs cleared.
 * Options: --pairs N (default 600), --seed N (default 14). The measurement: bench/lib/disposition-quality.ts.
 */
import { loadBenchEntities } from './lib/evaluation-lists';
import { measureDispositionQuality } from './lib/disposition-quality';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

async function main() {
  const entities = await loadBenchEntities(false);
  const { lines, ok } = await measureDispositionQuality(entities, { pairs: arg('pairs', 600), seed: arg('seed', 14) });
  for (const line of lines) console.log(line);
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
