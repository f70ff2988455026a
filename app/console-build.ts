// The console's built assets on first start: `npm ci` builds them (postinstall), but a checkout
// that skipped install scripts, or deleted console/dist, gets them built here before the REST
// adapter serves /console. Without vite (a production install without dev dependencies and
// without a build) the platform starts anyway and /console answers 503 saying how to build it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { logger } from '../platform/logging/logger';

const CONSOLE_DIR = path.resolve(__dirname, '../console');

export function consoleBuilt(dir: string = CONSOLE_DIR): boolean {
  return fs.existsSync(path.join(dir, 'dist', 'index.html'));
}

/** The inputs of the build: a checkout that pulled console changes after its last build (no install
 * since) would otherwise serve the old screens against the new API. */
const SOURCES = ['src', 'index.html', 'vite.config.ts', 'build.mjs', 'package.json'];

/** True when a source file is newer than the built index.html (a stat walk of a few hundred files). */
export function consoleStale(dir: string = CONSOLE_DIR): boolean {
  const builtAt = fs.statSync(path.join(dir, 'dist', 'index.html')).mtimeMs;
  const newer = (file: string): boolean => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return false;
    if (!stat.isDirectory()) return stat.mtimeMs > builtAt;
    return fs.readdirSync(file).some((entry) => newer(path.join(file, entry)));
  };
  return SOURCES.some((source) => newer(path.join(dir, source)));
}

/** Builds console/dist when it is missing or older than its sources (a child process running
 * console/build.mjs); resolves once it exists or when it cannot be built (logged, never thrown:
 * the API works without it). */
export async function ensureConsoleBuilt(dir: string = CONSOLE_DIR): Promise<boolean> {
  if (consoleBuilt(dir) && (!viteInstalled(dir) || !consoleStale(dir))) return true;
  if (!fs.existsSync(path.join(dir, 'build.mjs')) || !viteInstalled(dir)) {
    logger.warn('console/dist is missing and vite is not installed: /console answers 503 until `npm run build --workspace console` runs');
    return false;
  }
  logger.info(consoleBuilt(dir) ? 'rebuilding the console (its sources changed)' : 'building the console (first start, about 10 s)');
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(process.execPath, ['build.mjs'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => {
      logger.error({ err: error }, 'console build could not start');
      resolve(false);
    });
    child.on('exit', (code) => resolve(code === 0));
  });
  if (!ok || !consoleBuilt(dir))
    logger.error('console build failed: /console answers 503 (run `npm run build --workspace console` to see why)');
  return consoleBuilt(dir);
}

function viteInstalled(dir: string): boolean {
  try {
    require.resolve('vite/package.json', { paths: [dir] });
    return true;
  } catch {
    return false;
  }
}
