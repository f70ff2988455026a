// The embedded default: when DATABASE_URL is unset, a real PostgreSQL runs from .vigil/postgres,
// and the platform's secrets are generated once into .vigil/secrets.json (mode 0600).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { embeddedUrl, RunningDatabase, runningServerPort, startEmbeddedPostgres } from '../db/embedded';

export const LOCAL_DIR = path.resolve(__dirname, '../../.vigil');

export async function prepareLocalEnvironment(env: NodeJS.ProcessEnv): Promise<RunningDatabase | undefined> {
  const secretsFile = path.join(LOCAL_DIR, 'secrets.json');
  if (!env.VIGIL_INTERNAL_SECRET || !env.VIGIL_MASTER_KEY) {
    fs.mkdirSync(LOCAL_DIR, { recursive: true });
    if (!fs.existsSync(secretsFile)) {
      const secrets = { internalSecret: crypto.randomBytes(32).toString('base64url'), masterKey: crypto.randomBytes(32).toString('base64') };
      fs.writeFileSync(secretsFile, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    }
    const secrets = JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as { internalSecret: string; masterKey: string };
    env.VIGIL_INTERNAL_SECRET ??= secrets.internalSecret;
    env.VIGIL_MASTER_KEY ??= secrets.masterKey;
  }
  if (env.DATABASE_URL) return undefined;
  const dataDir = path.join(LOCAL_DIR, 'postgres');
  // A CLI command while `npm start` runs: use the server that already owns the data folder.
  const runningPort = runningServerPort(dataDir);
  if (runningPort) {
    env.DATABASE_URL = embeddedUrl(runningPort);
    return undefined;
  }
  const database = await startEmbeddedPostgres({ dataDir });
  env.DATABASE_URL = database.url;
  return database;
}
