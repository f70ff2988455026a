// Benches run the platform in child processes of their own (the load generator stays out of the
// platform's CPU): one process with the given services, or npm start's cluster (a primary with the
// screening index and jobs, and web processes calling it over HTTP). A child prints
// `READY <urls as JSON>` once it serves; SIGTERM stops it.
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { PLATFORM_NODE_FLAGS } from '../../app/node-flags';
import { webProcessCount } from '../../app/web-cluster';

/** Starts `node --import tsx <script...>` with the platform's V8 settings (npm start's; the benches'
 * plain peers get the same, so a ratio compares code, not settings; with BENCH_CPU_PROF: a V8 CPU
 * profile per process) and resolves with the URLs it reports. */
export function startPlatformChild(
  script: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; urls: Record<string, string> }> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...PLATFORM_NODE_FLAGS, ...profile, '--import', 'tsx', ...script], {
    env,
    cwd: path.resolve(__dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, urls: JSON.parse(line.slice(6)) as Record<string, string> });
      else if (line.trim()) process.stdout.write(`  [child] ${line}\n`);
    });
    child.once('exit', (code) => reject(new Error(`platform child exited (${code})`)));
  });
}

/** Web processes of the benches' cluster runs: BENCH_WEB_PROCESSES (0 skips them), else npm start's
 * own count but at least 2, so on a machine where npm start runs one process (2 cores) the benches
 * still show what the cluster would cost there. */
export function benchWebProcesses(env: NodeJS.ProcessEnv = process.env): number {
  if (env.BENCH_WEB_PROCESSES !== undefined) return webProcessCount({ VIGIL_WEB_PROCESSES: env.BENCH_WEB_PROCESSES });
  return Math.max(2, webProcessCount({}));
}

/** What npm start runs on this machine, for the benches' summaries. */
export function npmStartTopology(): string {
  const web = webProcessCount({});
  return web > 1 ? `a primary and ${web} web processes` : 'one process (the one-process rows)';
}

/** npm start's topology with `webProcesses` web processes, every port chosen by the OS. */
export function startClusterChild(webProcesses: number, env: NodeJS.ProcessEnv) {
  const ports = {
    VIGIL_SCREENING_PORT: '0',
    VIGIL_GATEWAY_PORT: '0',
    VIGIL_REST_PORT: '0',
    VIGIL_PROFILES_PORT: '0',
    VIGIL_IDV_PORT: '0',
    VIGIL_RISK_PORT: '0',
    VIGIL_ACCESS_PORT: '0',
  };
  return startPlatformChild([path.join(__dirname, 'serve-cluster.ts'), String(webProcesses)], { ...env, ...ports });
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM, then wait for the process to be gone. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Resident memory of a process (Linux /proc), in MB. */
export function rssMb(pid: number | undefined): number {
  return statusMb(pid, 'VmRSS');
}

/** The most resident memory a process has had so far (Linux /proc), in MB. */
export function peakRssMb(pid: number | undefined): number {
  return statusMb(pid, 'VmHWM');
}

function statusMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024);
  } catch {
    return NaN;
  }
}

/** Resident memory of a process and of its child processes (a cluster's web processes), in MB. */
export function processTreeRssMb(pid: number | undefined): number[] {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // not Linux: the primary alone
  }
  return [rssMb(pid), ...children.map(rssMb)];
}
