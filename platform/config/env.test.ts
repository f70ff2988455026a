import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { ENV_VARS, envValue, readEnv } from './env';

const ROOT = path.resolve(__dirname, '../..');
const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');
const REQUIRED = { DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/vigil', VIGIL_INTERNAL_SECRET: 'secret', VIGIL_MASTER_KEY: MASTER_KEY };

describe('environment variables', () => {
  it('defaults when nothing is set', () => {
    const vars = readEnv({});
    expect(vars).toMatchObject({
      VIGIL_HOST: '127.0.0.1',
      VIGIL_REST_PORT: 3000,
      VIGIL_GATEWAY_PORT: 4000,
      VIGIL_RISK_PORT: 4004,
      VIGIL_DB_POOL_SIZE: 10,
      VIGIL_IN_PROCESS: true,
      VIGIL_GRAPHQL_INTROSPECTION: true,
      VIGIL_WEBHOOK_ALLOW_PRIVATE_NETWORKS: false,
      VIGIL_SCREENING_INDEX_THREAD: true,
      VIGIL_SKIP_SHIPPED_WATCHLISTS: false,
      VIGIL_WATCHLIST_IMPORT_ROOTS: [],
      VIGIL_BLOB_DRIVER: 'local',
      VIGIL_RISK_AGENT: 'deterministic',
      VIGIL_RISK_LEASE_MS: 15_000,
      VIGIL_BATCH_CHUNK_SIZE: 250,
      VIGIL_SMTP_PORT: 25,
      VIGIL_SMTP_FROM: 'no-reply@vigil.local',
      VIGIL_SERVICE: 'vigil',
      VIGIL_SUBGRAPH_EXECUTION: 'compiled',
    });
    expect(vars.DATABASE_URL).toBeUndefined();
    expect(vars.VIGIL_RATE_LIMIT_PER_KEY).toBeUndefined();
    expect(vars.VIGIL_WEB_PROCESSES).toBeUndefined();
  });

  it('an empty value counts as unset', () => {
    expect(envValue('VIGIL_DB_POOL_SIZE', { VIGIL_DB_POOL_SIZE: '' })).toBe(10);
    expect(envValue('VIGIL_HOST', { VIGIL_HOST: '' })).toBe('127.0.0.1');
  });

  it('parses set values into their types', () => {
    expect(envValue('VIGIL_REST_PORT', { VIGIL_REST_PORT: '0' })).toBe(0);
    expect(envValue('VIGIL_IN_PROCESS', { VIGIL_IN_PROCESS: '0' })).toBe(false);
    expect(envValue('VIGIL_SCREENING_INDEX_THREAD', { VIGIL_SCREENING_INDEX_THREAD: ' OFF ' })).toBe(false);
    expect(envValue('VIGIL_WATCHLIST_IMPORT_ROOTS', { VIGIL_WATCHLIST_IMPORT_ROOTS: '/srv/lists::/opt/lists' })).toEqual([
      '/srv/lists',
      '/opt/lists',
    ]);
    expect(envValue('VIGIL_RATE_LIMIT_PER_KEY', { VIGIL_RATE_LIMIT_PER_KEY: '5/10' })).toEqual({ perSecond: 5, burst: 10 });
    expect(envValue('VIGIL_RATE_LIMIT_PER_KEY', { VIGIL_RATE_LIMIT_PER_KEY: 'off' })).toBe('off');
    expect(envValue('VIGIL_WEBHOOK_TIME_SCALE', { VIGIL_WEBHOOK_TIME_SCALE: '0.0001' })).toBe(0.0001);
  });

  it('loadConfig builds the same config as before from the same environment', () => {
    const config = loadConfig({
      ...REQUIRED,
      VIGIL_HOST: '0.0.0.0',
      VIGIL_REST_PORT: '3100',
      VIGIL_SMTP_HOST: 'smtp.local',
      VIGIL_RATE_LIMIT_PER_ADDRESS: 'off',
      VIGIL_WEBHOOK_TIMEOUT_MS: '5000',
    });
    expect(config.masterKey.length).toBe(32);
    expect(config.ports).toEqual({ rest: 3100, gateway: 4000, profiles: 4001, idv: 4002, screening: 4003, risk: 4004, access: 4005 });
    expect(config.subgraphUrls.risk).toBe('http://0.0.0.0:4004/graphql');
    expect(config.publicBaseUrl).toBe('http://0.0.0.0:3100');
    expect(config.smtp).toEqual({ host: 'smtp.local', port: 25, from: 'no-reply@vigil.local' });
    expect(config.rateLimits.perAddress).toBeUndefined();
    expect(config.rateLimits.perKey).toEqual({ perSecond: 100, burst: 200 });
    expect(config.delivery).toEqual({
      webhookAllowPrivateNetworks: false,
      webhookTimeScale: undefined,
      webhookTimeoutMs: 5000,
      smtpTimeoutMs: undefined,
    });
    expect(config.introspection).toBe(true);
    expect(config.logLevel).toBe('info');
    expect(() => loadConfig({ ...REQUIRED, DATABASE_URL: undefined })).toThrow('DATABASE_URL is not set');
  });

  it('an invalid value fails naming the variable', () => {
    expect(() => readEnv({ VIGIL_DB_POOL_SIZE: 'many' })).toThrow(/VIGIL_DB_POOL_SIZE must be a number \(got "many"\)/);
    expect(() => readEnv({ VIGIL_REST_PORT: '70000' })).toThrow(/VIGIL_REST_PORT must be a port/);
    expect(() => readEnv({ VIGIL_RISK_AGENT: 'gpt' })).toThrow(/VIGIL_RISK_AGENT must be one of deterministic, openai/);
    expect(() => readEnv({ VIGIL_RATE_LIMIT_AUTH_FAILURES: '10' })).toThrow(
      /VIGIL_RATE_LIMIT_AUTH_FAILURES must be "<per second>\/<burst>" or "off"/,
    );
    expect(() => readEnv({ VIGIL_GRAPHQL_INTROSPECTION: 'no' })).toThrow(/VIGIL_GRAPHQL_INTROSPECTION/);
    expect(() => readEnv({ VIGIL_BLOB_DRIVER: 's3' })).toThrow(/VIGIL_BLOB_DRIVER must be one of local/);
    expect(() => loadConfig({ ...REQUIRED, VIGIL_PUBLIC_BASE_URL: 'example.com' })).toThrow(
      /VIGIL_PUBLIC_BASE_URL must be an absolute URL/,
    );
    // Every invalid variable at once; a secret's value is never repeated.
    let message = '';
    try {
      loadConfig({ ...REQUIRED, VIGIL_MASTER_KEY: 'c2hvcnQ=', VIGIL_NEWS_CHECK_MS: '-1' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/VIGIL_MASTER_KEY must be 32 bytes, base64-encoded/);
    expect(message).toMatch(/VIGIL_NEWS_CHECK_MS must be greater than 0/);
    expect(message).not.toContain('c2hvcnQ=');
    // A call-time read fails the same way.
    expect(() => envValue('VIGIL_RISK_LEASE_MS', { VIGIL_RISK_LEASE_MS: 'soon' })).toThrow(/VIGIL_RISK_LEASE_MS must be a number/);
  });

  it('every variable product code names is declared, and is read only through config/env.ts', () => {
    const declared = new Set(Object.keys(ENV_VARS));
    const undeclared: string[] = [];
    const directReads: string[] = [];
    for (const file of productFiles()) {
      const relative = path.relative(ROOT, file);
      const source = fs.readFileSync(file, 'utf8');
      for (const [name] of source.matchAll(/\b(?:VIGIL_[A-Z0-9_]+|DATABASE_URL|NODE_ENV)\b/g)) {
        if (!declared.has(name)) undeclared.push(`${relative}: ${name}`);
      }
      if (relative.startsWith(`platform${path.sep}config${path.sep}`)) continue;
      // Reads only: `process.env.X = …` / `??=` (production-mode.ts sets NODE_ENV) are writes.
      for (const match of source.matchAll(
        /process\.env(?:\.[A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_])|\[[^\]]+\])(?!\s*(?:\?\?=|\|\|=|=(?!=)))/g,
      )) {
        directReads.push(`${relative}: ${match[0]}`);
      }
    }
    expect(undeclared).toEqual([]);
    expect(directReads).toEqual([]);
  });

  it('the README configuration table lists exactly the declared variables', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const listed = new Set([...section.matchAll(/`((?:VIGIL_[A-Z0-9_]+|DATABASE_URL|NODE_ENV))`/g)].map((match) => match[1]));
    expect([...listed].filter((name) => !(name in ENV_VARS))).toEqual([]);
    expect(Object.keys(ENV_VARS).filter((name) => !listed.has(name))).toEqual([]);
  });
});

function productFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (/\.(ts|cjs|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        files.push(full);
      }
    }
  };
  for (const dir of ['platform', 'gateway', 'subgraphs', 'rest-adapter', 'prisma']) walk(path.join(ROOT, dir));
  return files;
}
