// Builds the console with vite's build() API into console/dist. Used by the first `npm start` and by
// the test platform when no build exists (app/console-build.ts), so a fresh checkout serves the
// console without an extra command. Builds into a temporary folder and renames it into place: two
// processes starting at once never serve a half-written dist.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
// `--out <dir>` builds elsewhere (a test checks a build made from its own environment).
const outFlag = process.argv.indexOf('--out');
const dist = outFlag > 0 ? path.resolve(process.argv[outFlag + 1]) : path.join(root, 'dist');
const temporary = path.join(path.dirname(dist), `dist.tmp-${process.pid}`);

// The bundle is always the production one. Vite keeps a NODE_ENV it finds in the environment, and
// the test platform builds from a jest process (NODE_ENV=test): React's development build, half as
// large again and slower, would then be bundled and served by the next `npm start` too.
process.env.NODE_ENV = 'production';

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
  const previous = path.join(path.dirname(dist), `dist.old-${process.pid}`);
  if (fs.existsSync(dist)) fs.renameSync(dist, previous);
  fs.renameSync(temporary, dist);
  fs.rmSync(previous, { recursive: true, force: true });
} finally {
  fs.rmSync(temporary, { recursive: true, force: true });
}
