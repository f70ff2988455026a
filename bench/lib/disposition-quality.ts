// Automatic disposition quality on a labelled set built from the listed entities: shared by
// bench:disposition (alone) and bench:quality (beside the name-match figures). No database needed.
// True pairs: a listed individual searched by its name with its listed secondary facts (birth date,
// nationality or country). False pairs: the same name or a one-letter look-alike with different
// facts (a birth year 7 to 30 years off, a country the record does not list). Each pair is searched
// on the real engine index; the listed record's match goes through the Full Auto analyser at the
// default threshold. Targets: 0 true pairs marked false_positive; at least 60% of false pairs cleared.
import { DEFAULT_THRESHOLD } from '../../lib/names/levels';
import { Rng } from '../../lib/random/prng';
import { entityKey, primaryName, type WatchlistEntity } from '../../subgraphs/screening/lists';
import { buildEngineIndex } from '../../subgraphs/screening/services/engine-adapter';
import { DEFAULT_DISPOSITION_SETTINGS, annotateMatches } from '../../subgraphs/screening/disposition/services/disposition-service';
import type { DispositionQuery } from '../../subgraphs/screening/disposition/services/disposition-analyser';
import { toStoredMatch } from '../../subgraphs/screening/services/search-service';

const COUNTRIES = [
  'US',
  'GB',
  'FR',
  'DE',
  'RU',
  'CN',
  'IR',
  'IQ',
  'SY',
  'KP',
  'AF',
  'PK',
  'VE',
  'CU',
  'LY',
  'SO',
  'YE',
  'LB',
  'BY',
  'MM',
  'NG',
  'MX',
  'CO',
  'BR',
  'IN',
];

function listedYear(e: WatchlistEntity): number {
  const d = e.birthDates[0];
  return Number((d.kind === 'range' ? d.from : d.value).slice(0, 4));
}

function listedDate(e: WatchlistEntity): string {
  const d = e.birthDates.find((b) => b.kind === 'full') ?? e.birthDates[0];
  return d.kind === 'range' ? d.from.slice(0, 4) : d.value;
}

function lookAlike(name: string, rng: Rng): string {
  const tokens = name.split(' ');
  const i = rng.int(tokens.length);
  const t = tokens[i];
  if (t.length < 4) return name;
  const j = 1 + rng.int(t.length - 2);
  tokens[i] = t.slice(0, j) + t[j + 1] + t[j] + t.slice(j + 2);
  return tokens.join(' ');
}

interface Pair {
  positive: boolean;
  entity: WatchlistEntity;
  query: DispositionQuery;
}

function buildPairs(entities: WatchlistEntity[], count: number, rng: Rng): Pair[] {
  const eligible = entities.filter(
    (e) =>
      e.type === 'individual' &&
      e.birthDates.length &&
      (e.nationalities.length || e.countries.length) &&
      primaryName(e).split(' ').length >= 2,
  );
  const chosen = rng.shuffle(eligible.slice()).slice(0, count);
  const pairs: Pair[] = [];
  chosen.forEach((e, n) => {
    const name = primaryName(e);
    const listedCountries = [...e.nationalities, ...e.countries];
    const shape = n % 3; // 0: birth date and country, 1: birth date only, 2: country only
    const same: DispositionQuery = {
      name,
      type: 'individual',
      dateOfBirth: shape < 2 ? listedDate(e) : undefined,
      country: shape !== 1 ? listedCountries[0] : undefined,
    };
    pairs.push({ positive: true, entity: e, query: same });
    const year = listedYear(e) + (rng.chance(0.5) ? 1 : -1) * (7 + rng.int(24));
    const country = COUNTRIES.filter((c) => !listedCountries.includes(c))[rng.int(20)];
    const other: DispositionQuery = {
      name: rng.chance(0.5) ? name : lookAlike(name, rng),
      type: 'individual',
      dateOfBirth: shape < 2 ? `${year}-0${1 + rng.int(9)}-1${rng.int(10)}` : undefined,
      country: shape !== 1 ? country : undefined,
    };
    pairs.push({ positive: false, entity: e, query: other });
  });
  return pairs;
}

/** Measures the Full Auto analyser on `pairs` labelled pairs; returns the report lines and whether
 * the quality bar is met. */
export async function measureDispositionQuality(
  entities: WatchlistEntity[],
  options: { pairs?: number; seed?: number } = {},
): Promise<{ lines: string[]; ok: boolean }> {
  const pairsWanted = options.pairs ?? 600;
  const rng = new Rng(options.seed ?? 14);
  const started = Date.now();
  const lines: string[] = [];
  const index = buildEngineIndex(entities);
  const pairs = buildPairs(entities, pairsWanted, rng);
  const settings = { ...DEFAULT_DISPOSITION_SETTINGS, enabled: true, mode: 'full_auto' as const };
  const tally = { true: { n: 0, returned: 0, tp: 0, fp: 0, undecided: 0 }, false: { n: 0, returned: 0, tp: 0, fp: 0, undecided: 0 } };
  const naive = { trueCleared: 0, falseCleared: 0 };
  let analysed = 0;
  let analyseMs = 0;
  for (const pair of pairs) {
    const t = pair.positive ? tally.true : tally.false;
    t.n++;
    const found = index.search(pair.query.name, {
      limit: 10,
      threshold: DEFAULT_THRESHOLD,
      feeds: 'all',
      type: 'individual',
      birthDate: pair.query.dateOfBirth,
      country: pair.query.country,
    });
    const rank = found.findIndex((m) => m.entity.id === entityKey(pair.entity));
    if (rank < 0) continue; // the name engine already left it out (counted under "returned")
    t.returned++;
    const t0 = performance.now();
    const [annotated] = await annotateMatches(settings, null, pair.query, [toStoredMatch(found[rank], 'x'.repeat(24), rank)]);
    analyseMs += performance.now() - t0;
    analysed++;
    if (annotated.review_status === 'true_positive') t.tp++;
    else if (annotated.review_status === 'false_positive') t.fp++;
    else t.undecided++;
    const yearDiffers =
      pair.query.dateOfBirth !== undefined && Math.abs(Number(pair.query.dateOfBirth.slice(0, 4)) - listedYear(pair.entity)) > 1;
    if (yearDiffers) {
      if (pair.positive) naive.trueCleared++;
      else naive.falseCleared++;
    }
  }
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
  const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(2)}x` : 'n/a (baseline 0)');
  lines.push(
    `Automatic disposition quality (Full Auto, threshold ${settings.threshold}) on ${pairs.length} labelled pairs from ${entities.length} listed entities`,
  );
  lines.push(
    `  name match: listed record returned for ${pct(tally.true.returned, tally.true.n)} of true pairs, ${pct(tally.false.returned, tally.false.n)} of false pairs (engine threshold ${DEFAULT_THRESHOLD})`,
  );
  lines.push('  of the returned matches:');
  lines.push(
    `    true pairs  (${tally.true.returned}): true_positive ${pct(tally.true.tp, tally.true.returned)}, false_positive ${tally.true.fp} (target 0), left unresolved ${pct(tally.true.undecided, tally.true.returned)}`,
  );
  lines.push(
    `    false pairs (${tally.false.returned}): false_positive (cleared) ${pct(tally.false.fp, tally.false.returned)} (target >= 60%), true_positive ${tally.false.tp}, left unresolved ${pct(tally.false.undecided, tally.false.returned)}`,
  );
  lines.push(
    `  baseline "clear when the birth year differs": false pairs cleared ${pct(naive.falseCleared, tally.false.returned)}, true pairs wrongly cleared ${naive.trueCleared}`,
  );
  lines.push(`  ratio false pairs cleared, Vigil / baseline: ${ratio(tally.false.fp, naive.falseCleared)}`);
  lines.push(
    `  analysis time: ${(analyseMs / Math.max(1, analysed)).toFixed(3)} ms per match; total ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const ok = tally.true.fp === 0 && tally.false.returned > 0 && tally.false.fp / tally.false.returned >= 0.6;
  lines.push(`  quality bar: ${ok ? 'met' : 'NOT met'}`);
  return { lines, ok };
}
