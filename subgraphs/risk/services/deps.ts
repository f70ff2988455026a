// What the risk services need besides the request: the database, the key provider for sealed
// subjects, the queue that wakes agent runs, and the config (screening URL, secrets).
import { VigilConfig } from '../../../platform/config';
import { KeyProvider, LocalKeyProvider } from '../../../platform/crypto/envelope';
import { Db, type Scope } from '../../../platform/db/prisma';
import { profilesInScope } from '../../../contracts/profile-presence';
import { JobQueue } from '../../../platform/jobs/job-queue';
import { RUN_QUEUE, RunJobData } from '../jobs/run-queue-name';

export interface RiskDeps {
  db: Db;
  config: VigilConfig;
  keys: KeyProvider;
  runs: RunWaker;
  /** Which of some profile ids are profiles of the scope (asked of the profiles domain). */
  profileLinks: (scope: Scope, profileIds: readonly string[]) => Promise<Set<string>>;
}

/** Sends "advance this run" jobs; a subgraph starts its pg-boss client lazily on first use. */
export interface RunWaker {
  wake(runId: string, afterSeconds?: number): Promise<void>;
  close(): Promise<void>;
}

export class LazyRunWaker implements RunWaker {
  private queue: Promise<JobQueue> | undefined;
  constructor(private readonly databaseUrl: string) {}

  async wake(runId: string, afterSeconds?: number): Promise<void> {
    this.queue ??= JobQueue.start(this.databaseUrl).then(async (queue) => {
      await queue.ensureQueue(RUN_QUEUE, 5);
      return queue;
    });
    const queue = await this.queue.catch((error) => {
      this.queue = undefined;
      throw error;
    });
    await queue.send<RunJobData>(RUN_QUEUE, { runId }, afterSeconds ? { startAfter: afterSeconds } : {});
  }

  async close(): Promise<void> {
    const queue = await this.queue?.catch(() => undefined);
    await queue?.stop();
  }
}

/** The worker's own queue (already started). */
export class QueueRunWaker implements RunWaker {
  constructor(private readonly queue: JobQueue) {}
  async wake(runId: string, afterSeconds?: number): Promise<void> {
    await this.queue.send<RunJobData>(RUN_QUEUE, { runId }, afterSeconds ? { startAfter: afterSeconds } : {});
  }
  async close(): Promise<void> {}
}

export function riskDeps(db: Db, config: VigilConfig, runs: RunWaker): RiskDeps {
  const profiles = { url: config.subgraphUrls.profiles, secret: config.internalSecret };
  return {
    db,
    config,
    keys: new LocalKeyProvider(config.masterKey),
    runs,
    profileLinks: (scope, profileIds) => profilesInScope(profiles, 'risk', scope, profileIds),
  };
}
