// Builds the console with vite's build() API into console/dist. Used by the first `npm start` and by
// the test platform when no build exists (app/console-build.ts), so a fresh checkout serves the
// console without an extra command. Builds into a temporary folder and renames it into place: two
// processes starting at once never serve a half-written dist.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const temporary = path.join(root, `dist.tmp-${process.pid}`);

try {
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: temporary, emptyOutDir: true } });
  try {
    fs.renameSync(temporary, dist);
  } catch (error) {
    // Another process finished first: its build is as good as this one.
    if (!fs.existsSync(path.join(dist, 'index.html'))) throw error;
  }
} finally {
  fs.rmSync(temporary, { recursive: true, force: true });
}
