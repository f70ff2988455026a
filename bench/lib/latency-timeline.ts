// Where a latency tail came from: per second of a measured run, the loads that started in it and
// their p95 beside the CPU the platform, PostgreSQL and the load generator itself used, how long the
// platform's main thread waited for a CPU others held, and the load generator's own event-loop delay
// (a busy client inflates latencies it measures). Printed for a screen over its target, so a tail is
// put down to the platform's own request work, the database, the bench or another process.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuSeconds, postgresCpuSeconds, runQueueWaitSeconds } from './process-cpu';
import { percentile } from './evaluation-lists';

/** One measured load: when it started (performance.now()) and how long it took (ms). */
export interface TimedLoad {
  at: number;
  ms: number;
}

interface Reading {
  at: number;
  platform: number;
  /** Seconds the platform's main thread (its JavaScript) waited for a CPU, runnable but not running. */
  platformWaited: number;
  postgres: number;
  bench: number;
  lagMaxMs: number;
}

/** Samples CPU seconds of the platform process, PostgreSQL and this process every `everyMs`. */
export class ResourceSampler {
  private readonly readings: Reading[] = [];
  private readonly lag = monitorEventLoopDelay({ resolution: 10 });
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly platformPid: number | undefined,
    private readonly postgresDataDir: string,
    private readonly everyMs = 250,
  ) {}

  start(): void {
    this.lag.enable();
    const read = () => {
      this.readings.push({
        at: performance.now(),
        platform: cpuSeconds(this.platformPid),
        platformWaited: runQueueWaitSeconds(this.platformPid),
        postgres: postgresCpuSeconds(this.postgresDataDir),
        bench: cpuSeconds(process.pid),
        lagMaxMs: this.lag.max / 1e6,
      });
      this.lag.reset();
    };
    read();
    this.timer = setInterval(read, this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.lag.disable();
  }

  /** Per second from `from` to `to` (performance.now() instants): loads, p95, CPU shares, lag. */
  lines(loads: TimedLoad[], from: number, to: number): string[] {
    const lines: string[] = [];
    for (let start = from; start < to; start += 1000) {
      const end = start + 1000;
      const inSecond = loads
        .filter((l) => l.at >= start && l.at < end)
        .map((l) => l.ms)
        .sort((a, b) => a - b);
      const within = this.readings.filter((r) => r.at >= start && r.at <= end);
      const before = this.readings.filter((r) => r.at < start).at(-1) ?? within[0];
      const last = within.at(-1);
      if (!before || !last || last === before) continue;
      const seconds = (last.at - before.at) / 1000;
      const share = (key: 'platform' | 'postgres' | 'bench') => `${Math.round(((last[key] - before[key]) / seconds) * 100)} %`;
      const lag = Math.max(...within.map((r) => r.lagMaxMs));
      const waited = Math.round((last.platformWaited - before.platformWaited) * 1000);
      lines.push(
        `  +${Math.round((start - from) / 1000)} s: ${inSecond.length} loads, p95 ${inSecond.length ? percentile(inSecond, 95).toFixed(0) : '-'} ms, ` +
          `max ${inSecond.length ? inSecond[inSecond.length - 1].toFixed(0) : '-'} ms | CPU platform ${share('platform')}, PostgreSQL ${share('postgres')}, ` +
          `bench ${share('bench')} | platform main thread waited for a CPU ${waited} ms | bench event-loop delay max ${lag.toFixed(0)} ms`,
      );
    }
    return lines;
  }
}
