// Monitoring fixtures shared by the monitoring tests and the console's journeys: waiting until the
// sweep has taken a source's current version (so a profile enrolled afterwards is re-screened
// against the next delta only), and a DPL version that adds one record (a delta of one entity).
import fs from 'node:fs';
import path from 'node:path';
import { RunningPlatform } from '../../app/start-platform';
import { BIS_DPL } from '../screening/screening-helpers';

/**
 * Waits until monitoring's cursor of `source` is the source's active version. A subject's delta base
 * is the source's monitoring cursor, not the version its search used (docs/screening-monitoring.md),
 * so a profile enrolled before the cursor moves would be re-screened against the whole version.
 */
export async function waitForMonitoringCursor(platform: RunningPlatform, source: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [watchlist, cursor] = await Promise.all([
      platform.db.watchlistSource.findUnique({ where: { source } }),
      platform.db.monitoringCursor.findUnique({ where: { source } }),
    ]);
    if (watchlist?.activeSeq != null && cursor?.seq === watchlist.activeSeq) return;
    if (Date.now() > deadline) throw new Error(`the monitoring sweep never took the current ${source} version`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The shipped DPL with one record named `name` added, written into `dir` (a new version whose delta is that one entity). */
export function dplWithAddedRecord(dir: string, name: string): string {
  const text = fs.readFileSync(BIS_DPL, 'latin1').replace(/(\r?\n)+$/, '');
  const added = [
    `"${name}"`,
    '"1 MAIN STREET"',
    '"SPRINGFIELD"',
    '"IL"',
    '"US"',
    '"62701"',
    '"01/02/2024"',
    '"01/02/2034"',
    '"Y"',
    '"2024-01-05"',
    '"F.R. NOTICE ADDED"',
    '"89 F.R. 1000 1/5/2024"',
  ].join('\t');
  const file = path.join(dir, 'dpl.txt');
  fs.writeFileSync(file, `${text}\r\n${added}\r\n`, 'latin1');
  return file;
}
