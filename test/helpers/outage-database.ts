// A PostgreSQL a test may stop and start again (test/helpers/pg-server-process.ts in a child).
// stop() resolves once the server process has stopped PostgreSQL and exited.
import { ChildProcess } from 'node:child_process';
import { exited, spawnTypeScript } from './platform-process';

export interface OutageDatabase {
  url: string;
  stop(): Promise<void>;
}

export function startOutageDatabase(dataDir: string, port?: number): Promise<OutageDatabase> {
  const child: ChildProcess = spawnTypeScript('test/helpers/pg-server-process.ts', [dataDir, port ? String(port) : ''], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`PostgreSQL process exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\S+)/.exec(output);
      if (!match) return;
      child.removeAllListeners('exit');
      resolve({
        url: match[1],
        stop: async () => {
          child.kill('SIGTERM');
          await exited(child);
        },
      });
    });
  });
}
