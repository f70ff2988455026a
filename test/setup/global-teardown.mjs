import fs from 'node:fs';

export default async function globalTeardown() {
  await globalThis.__vigilTestDatabase?.stop();
  // The run's own state folder (global-setup.mjs), not one a caller passed in VIGIL_LOCAL_DIR.
  if (globalThis.__vigilTestLocalDir) fs.rmSync(globalThis.__vigilTestLocalDir, { recursive: true, force: true });
}
