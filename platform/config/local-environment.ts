// The embedded default: when DATABASE_URL is unset, a real PostgreSQL runs from .vigil/postgres,
// and the platform's secrets are generated once into .vigil/secrets.json (mode 0600)
// (.vigil: or VIGIL_LOCAL_DIR).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { envValue } from './env';
import { generateSigningKeyText } from '../audit/signing';
import { embeddedUrl, liveOwner, RunningDatabase, runningServerPort, startEmbeddedPostgres } from '../db/embedded';

/** Where the embedded default keeps its state: .vigil in the checkout, or VIGIL_LOCAL_DIR (tests that
 * start the platform as `npm start` does point it elsewhere, so they never replace a developer's
 * demo key, secrets or database). */
const configuredLocalDir = envValue('VIGIL_LOCAL_DIR');
export const LOCAL_DIR = configuredLocalDir ? path.resolve(configuredLocalDir) : path.resolve(__dirname, '../../.vigil');

export async function prepareLocalEnvironment(env: NodeJS.ProcessEnv): Promise<RunningDatabase | undefined> {
  const secretsFile = path.join(LOCAL_DIR, 'secrets.json');
  if (!envValue('VIGIL_INTERNAL_SECRET', env) || !envValue('VIGIL_MASTER_KEY', env)) {
    fs.mkdirSync(LOCAL_DIR, { recursive: true });
    if (!fs.existsSync(secretsFile)) {
      const secrets = {
        internalSecret: crypto.randomBytes(32).toString('base64url'),
        masterKey: crypto.randomBytes(32).toString('base64'),
      };
      fs.writeFileSync(secretsFile, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    }
    const secrets = JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as { internalSecret: string; masterKey: string };
    env.VIGIL_INTERNAL_SECRET ??= secrets.internalSecret;
    env.VIGIL_MASTER_KEY ??= secrets.masterKey;
  }
  // The operator credential for /metrics, generated once beside the other secrets.
  if (!envValue('VIGIL_OPERATOR_TOKEN', env)) {
    fs.mkdirSync(LOCAL_DIR, { recursive: true });
    const tokenFile = path.join(LOCAL_DIR, 'operator-token');
    if (!fs.existsSync(tokenFile)) fs.writeFileSync(tokenFile, crypto.randomBytes(24).toString('base64url'), { mode: 0o600 });
    env.VIGIL_OPERATOR_TOKEN = fs.readFileSync(tokenFile, 'utf8').trim();
  }
  // The key that signs audit checkpoints, generated once beside the other secrets.
  if (!envValue('VIGIL_AUDIT_SIGNING_KEY', env)) {
    fs.mkdirSync(LOCAL_DIR, { recursive: true });
    const keyFile = path.join(LOCAL_DIR, 'audit-signing-key');
    if (!fs.existsSync(keyFile)) fs.writeFileSync(keyFile, generateSigningKeyText(), { mode: 0o600 });
    env.VIGIL_AUDIT_SIGNING_KEY = fs.readFileSync(keyFile, 'utf8').trim();
  }
  if (envValue('DATABASE_URL', env)) return undefined;
  const dataDir = path.join(LOCAL_DIR, 'postgres');
  // A CLI command while `npm start` runs: use the server its live owner started. A server whose
  // owner died is an orphan: startEmbeddedPostgres stops it and starts one this process owns.
  const runningPort = runningServerPort(dataDir);
  if (runningPort && liveOwner(dataDir)) {
    env.DATABASE_URL = embeddedUrl(runningPort);
    return undefined;
  }
  const database = await startEmbeddedPostgres({ dataDir, log: (line) => process.stderr.write(`${line}\n`) });
  env.DATABASE_URL = database.url;
  return database;
}
