/**
 * Calibration on the calibration half only (`npm run bench:quality -- --fit`), and the grouping of its misses and false
 * positives by cause (`--misses`), so that tuning never looks at the report half.
 *
 * Fit procedure (reproducible): over the calibration half, scan the calibrated threshold t from 0.70 to 0.95 in steps of
 * 0.005; pooled recall = hits of every labelled positive (generator positives, leave-one-alias-out and cross-script cases,
 * each at rank <= 10 at or above t) / their count; false-positive rate = generator negatives with any result at or above
 * t. Choose the t with the highest pooled recall whose false-positive rate is <= half the target (0.10%); ties go to the lower
 * false-positive rate. The knot that maps to the default threshold is then the alignment score that today maps to t
 * (`uncalibrate`), so after setting CALIBRATION_KNOT to it the default threshold 0.80 sits where t was.
 */
import { calibrate, CALIBRATION_KNOT } from '../../lib/names/score';
import { DEFAULT_THRESHOLD } from '../../lib/names/levels';
import type { ScreeningMatch } from '../../subgraphs/screening/engine/result';

/** The false-positive target for the report half. */
export const FIT_FP_TARGET = 0.002;
/**
 * What the fit may spend on the calibration half: half the target. Between halves and seeds the false-positive rate
 * moves by 0.05-0.1 points (docs/screening-matching.md), so a knot fitted to the whole budget lands over it on the report
 * half as often as not.
 */
export const FIT_FP_BUDGET = FIT_FP_TARGET / 2;

/** A labelled positive of the calibration half: the best score its expected record reached within the top 10 (0: none). */
export interface CalibrationPositive {
  bestExpected: number;
  set: string;
}
/** A calibration-half negative: its top score. */
export interface CalibrationNegative {
  top: number;
}

export interface FitRow {
  threshold: number;
  recall: number;
  fpr: number;
}

export function scanThresholds(pos: CalibrationPositive[], neg: CalibrationNegative[]): FitRow[] {
  const rows: FitRow[] = [];
  for (let k = 0; k <= 50; k++) {
    const t = Math.round((0.7 + k * 0.005) * 1000) / 1000;
    rows.push({
      threshold: t,
      recall: pos.filter((p) => p.bestExpected >= t).length / Math.max(1, pos.length),
      fpr: neg.filter((n) => n.top >= t).length / Math.max(1, neg.length),
    });
  }
  return rows;
}

export function chooseThreshold(rows: FitRow[], fpTarget = FIT_FP_BUDGET): FitRow {
  const ok = rows.filter((r) => r.fpr <= fpTarget);
  // no threshold meets the target: the fewest false positives reachable, then the best recall there
  const fewest = Math.min(...rows.map((r) => r.fpr));
  const pool = ok.length ? ok : rows.filter((r) => r.fpr === fewest);
  return pool.reduce((a, b) => (b.recall > a.recall || (b.recall === a.recall && b.fpr < a.fpr) ? b : a));
}

/** Inverse of `calibrate` for the knot in force: the alignment score that maps to the calibrated score t. */
export function uncalibrate(t: number): number {
  return t <= DEFAULT_THRESHOLD
    ? (t * CALIBRATION_KNOT) / DEFAULT_THRESHOLD
    : CALIBRATION_KNOT + ((t - DEFAULT_THRESHOLD) * (1 - CALIBRATION_KNOT)) / (1 - DEFAULT_THRESHOLD);
}

export function fitLines(pos: CalibrationPositive[], neg: CalibrationNegative[]): string[] {
  const rows = scanThresholds(pos, neg);
  const best = chooseThreshold(rows);
  const knot = uncalibrate(best.threshold);
  const lines = [
    `calibration fit on the calibration half (${pos.length} labelled positives, ${neg.length} negatives; false positives <= ${(FIT_FP_BUDGET * 100).toFixed(2)}%, half the target ${(FIT_FP_TARGET * 100).toFixed(2)}%):`,
  ];
  const sets = [...new Set(pos.map((p) => p.set))];
  const recallOf = (set: string, t: number) => {
    const ps = pos.filter((p) => p.set === set);
    return ps.filter((p) => p.bestExpected >= t).length / Math.max(1, ps.length);
  };
  for (const r of rows) {
    if (Math.abs(r.threshold - best.threshold) > 0.06 + 1e-9 && Math.abs(r.threshold - DEFAULT_THRESHOLD) > 1e-9) continue;
    const per = sets.map((set) => `${set} ${(recallOf(set, r.threshold) * 100).toFixed(1)}%`).join(', ');
    lines.push(
      `  t=${r.threshold.toFixed(3)} pooled recall ${(r.recall * 100).toFixed(2)}%  false positives ${(r.fpr * 100).toFixed(2)}%  (${per})${r === best ? '  <- chosen' : ''}`,
    );
  }
  lines.push(
    `fitted: calibrated threshold ${best.threshold.toFixed(3)} -> CALIBRATION_KNOT ${knot.toFixed(4)} (in force: ${CALIBRATION_KNOT}; check: calibrate(knot) = ${calibrate(knot).toFixed(4)})`,
  );
  return lines;
}

/**
 * The cause of a miss or a false positive, read from the engine's own explanation of the closest name: which kinds of
 * token similarity carried it, what was left unmatched and which caps applied.
 */
export function causeOf(m: ScreeningMatch | undefined): string {
  if (!m) return 'not retrieved';
  const info = m.match_score_info;
  const hows = [...new Set(info.token_alignment.filter((p) => p.how !== 'exact').map((p) => p.how))].sort();
  const parts: string[] = [];
  if (info.caps.length) parts.push(`cap:${info.caps.map((c) => c.split(/[:(]/)[0].trim().replace(/^\d+ /, 'n ')).join('+')}`);
  if (hows.length) parts.push(`approx:${hows.join('+')}`);
  if (info.unmatched_query_tokens.length)
    parts.push(info.unmatched_query_tokens.some((t) => t.length <= 1) ? 'extra query initial' : 'extra query tokens');
  if (info.unmatched_list_tokens.length) parts.push('missing listed tokens');
  return parts.join(' ') || 'same tokens';
}

export function groupLines(title: string, items: { cause: string; line: string }[], perGroup = 6): string[] {
  const groups = new Map<string, string[]>();
  for (const it of items) groups.set(it.cause, [...(groups.get(it.cause) ?? []), it.line]);
  const lines = [`${title}: ${items.length}`];
  for (const [cause, ls] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`  [${ls.length}] ${cause}`);
    for (const l of ls.slice(0, perGroup)) lines.push(`      ${l}`);
  }
  return lines;
}
