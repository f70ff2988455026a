// The knot fit: highest pooled recall within the false-positive target, and the knot that moves the default there.
import { calibrate, CALIBRATION_KNOT } from '../../lib/names/score';
import { DEFAULT_THRESHOLD } from '../../lib/names/levels';
import { chooseThreshold, scanThresholds, uncalibrate } from './calibration-fit';

it('chooses the threshold with the best recall whose false-positive rate meets the target', () => {
  const pos = [0.75, 0.79, 0.81, 0.84, 0.9, 0.95, 1].map((bestExpected) => ({ bestExpected, set: 'generator' }));
  // 1,000 negatives: 5 at 0.82, 1 at 0.86 -> 0.60% below 0.82, 0.10% from 0.825 on
  const neg = [...Array(994).fill(0.5), ...Array(5).fill(0.82), 0.86].map((top) => ({ top }));
  const best = chooseThreshold(scanThresholds(pos, neg), 0.002);
  expect(best.threshold).toBe(0.825);
  expect(best.recall).toBeCloseTo(4 / 7, 10);
  expect(best.fpr).toBeCloseTo(0.001, 10);
});

it('falls back to the fewest false positives reachable when no threshold meets the target', () => {
  const pos = [
    { bestExpected: 0.72, set: 'g' },
    { bestExpected: 1, set: 'g' },
  ];
  const neg = [{ top: 0.92 }, { top: 0.96 }];
  // 0.95: 50% false positives (the fewest reachable), recall 50%; below 0.92 both negatives hit
  const best = chooseThreshold(scanThresholds(pos, neg), 0.002);
  expect(best).toEqual({ threshold: 0.925, recall: 0.5, fpr: 0.5 });
});

it('maps a calibrated threshold back to the alignment score that becomes the new knot', () => {
  for (const t of [0.6, DEFAULT_THRESHOLD, 0.83, 0.95]) expect(calibrate(uncalibrate(t))).toBeCloseTo(t, 10);
  expect(uncalibrate(DEFAULT_THRESHOLD)).toBeCloseTo(CALIBRATION_KNOT, 10);
});
