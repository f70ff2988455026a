// Retry schedule of webhook deliveries: exponential, with ±20% jitter, over about a day
// (5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h ≈ 23.7 h), then the delivery fails.
// A destination that has failed without a success for a day is disabled (reason failing).

export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000];
export const DISABLE_AFTER_MS = 24 * 3600_000;

/** Delay before attempt `attempts + 1`, or null when the schedule is exhausted. */
export function retryDelayMs(attempts: number, timeScale: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  const jitter = 0.8 + random() * 0.4;
  return Math.max(1, Math.round(base * jitter * timeScale));
}
