// The monitoring sweep (pg-boss `screening.monitoring.sweep`, every minute on a pg-boss schedule
// and at once when a watchlist version lands): enrolls newly screened profiles, reads their
// frequencies, turns every new source version into a delta run, opens a scheduled run when full
// re-screens are due, (re)dispatches runs that are queued or lost their worker, and re-sends
// outcome jobs a crash left unsent. Every step is idempotent: sweeps may overlap.
import { VigilConfig } from '../../../../platform/config';
import { KeyProvider } from '../../../../platform/crypto/envelope';
import { Db } from '../../../../platform/db/prisma';
import { newId } from '../../../../platform/ids/new-id';
import { Logger } from '../../../../platform/logging/logger';
import {
  activeSources,
  alertsWithoutOutcome,
  anySubjectDue,
  createDeltaRun,
  createScheduledRun,
  openScheduledRun,
  readCursor,
  runsToDispatch,
} from '../data/monitoring-store';
import { enrollScreenedProfiles, resolvePendingFrequencies } from './enrollment';
import { OutcomeSender, resendOutcomes } from './run-service';

export interface SweepDeps {
  db: Db;
  config: VigilConfig;
  keys: KeyProvider;
  log: Logger;
  sendRun(runId: string): Promise<unknown>;
  sendOutcome: OutcomeSender;
  now?: () => Date;
}

export interface SweepResult {
  enrolled: number;
  resolved: number;
  deltaRuns: number;
  scheduledRun: boolean;
  dispatched: number;
  outcomesResent: number;
}

/** An outcome job not marked sent this long after its alert was written is sent again. */
const OUTCOME_RESEND_AFTER_MS = 60_000;

export async function sweep(deps: SweepDeps): Promise<SweepResult> {
  const now = (deps.now ?? (() => new Date()))();
  const enrolled = await enrollScreenedProfiles(deps.db, deps.keys);
  const resolved = await resolvePendingFrequencies(deps.db, deps.config, deps.log);
  let deltaRuns = 0;
  for (const source of await activeSources(deps.db)) {
    const cursor = await readCursor(deps.db, source.source);
    const fromSeq = cursor?.seq ?? 0;
    if (source.activeSeq === null || source.activeSeq <= fromSeq) continue;
    const created = await createDeltaRun(deps.db, {
      id: newId('mrun'),
      source: source.source,
      fromSeq,
      toSeq: source.activeSeq,
      versionId: source.activeVersionId!,
    });
    if (created) deltaRuns++;
  }
  let scheduledRun = false;
  const due = await anySubjectDue(deps.db, now);
  if (due && !(await openScheduledRun(deps.db))) {
    await createScheduledRun(deps.db, { id: newId('mrun'), dueBefore: now });
    scheduledRun = true;
  }
  const runs = await runsToDispatch(deps.db, now);
  for (const run of runs) await deps.sendRun(run.id);
  const unsent = await alertsWithoutOutcome(deps.db, new Date(now.getTime() - OUTCOME_RESEND_AFTER_MS));
  const outcomesResent = unsent.length ? await resendOutcomes(deps, unsent) : 0;
  const result = { enrolled, resolved, deltaRuns, scheduledRun, dispatched: runs.length, outcomesResent };
  if (enrolled || resolved || deltaRuns || scheduledRun || outcomesResent) deps.log.info(result, 'monitoring sweep');
  return result;
}
