// A PostgreSQL a test may stop and start again (test/helpers/pg-server-process.ts in a child).
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface OutageDatabase {
  url: string;
  stop(): Promise<void>;
}

export function startOutageDatabase(dataDir: string, port?: number): Promise<OutageDatabase> {
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'test/helpers/pg-server-process.ts'), dataDir, port ? String(port) : ''], {
    cwd: ROOT,
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
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
