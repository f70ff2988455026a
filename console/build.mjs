// Builds the console with vite's build() API into console/dist. Used by the first `npm start` and by
// the test platform when no build exists (app/console-build.ts), so a fresh checkout serves the
// console without an extra command. Builds into a temporary folder and renames it into place: two
// processes starting at once never serve a half-written dist.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const temporary = path.join(root, `dist.tmp-${process.pid}`);

let build;
try {
  ({ build } = await import('vite'));
} catch {
  // A production install (npm ci with NODE_ENV=production) has no dev dependencies: the image copies
  // a console built in its own stage (Dockerfile); npm start says so if none is there.
  console.warn('vite is not installed (production install): the console is not built here.');
  process.exit(0);
}

try {
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: temporary, emptyOutDir: true } });
  // Swap the new build in (a rebuild replaces the old one; of two first starts building at once
  // the last one wins, and both built the same sources).
  const previous = path.join(root, `dist.old-${process.pid}`);
  if (fs.existsSync(dist)) fs.renameSync(dist, previous);
  fs.renameSync(temporary, dist);
  fs.rmSync(previous, { recursive: true, force: true });
} finally {
  fs.rmSync(temporary, { recursive: true, force: true });
}
