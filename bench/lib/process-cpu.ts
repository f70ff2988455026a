// CPU time of processes from Linux /proc, for benches that show where a machine's cores went
// (the platform, PostgreSQL, the load generator). Elsewhere the readings are 0.
import fs from 'node:fs';
import path from 'node:path';

/** CPU seconds of a process (user + system), and of its reaped children with `withChildren`. */
export function cpuSeconds(pid: number | undefined, withChildren = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the state (field 3); utime, stime, cutime, cstime are fields 14-17, in clock ticks (100 per second).
    const ticks = Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
    return ticks / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of an embedded PostgreSQL: the postmaster, its live processes and those that ended (reaped by it). */
export function postgresCpuSeconds(dataDir: string): number {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone
  }
  return cpuSeconds(postmaster, true) + children.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
}

/**
 * Seconds a process's main thread has spent runnable but waiting for a CPU (the second field of
 * /proc/<pid>/schedstat): a latency that grows with it came from CPUs taken by something else.
 */
export function runQueueWaitSeconds(pid: number | undefined): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return 0;
  }
}
