// Every environment variable the product reads, declared once: its type, default, allowed values
// and what it does. Product code reads a variable only through this module (env.test.ts fails on a
// `process.env.X` elsewhere and on a variable name that is not declared here; the README's
// configuration table lists the same names).
//
// loadConfig (platform/config.ts) parses the whole environment once at start through readEnv, so
// an invalid value stops the process with a message naming the variable. envValue reads one
// variable again on demand: the values that were read at call time before (job leases, import
// roots, the blob folder, the operator token ...) still are, because `npm start` fills in the
// database and secrets after modules load, web processes receive theirs from the primary, and tests
// change some variables while a platform runs.
//
// An empty value counts as unset.
import { z } from 'zod';

interface EnvVar<S extends z.ZodType<unknown, string | undefined>> {
  schema: S;
  /** One line: what the variable does (the default and allowed values are in the schema). */
  description: string;
}

const declare = <S extends z.ZodType<unknown, string | undefined>>(description: string, schema: S): EnvVar<S> => ({ schema, description });

const text = () => z.string().optional();
const textOr = (fallback: string) => z.string().default(fallback);
const number = (check: z.ZodNumber) => z.string().transform(Number).pipe(check);
/** A number of milliseconds (or seconds) greater than 0. */
const positive = () => z.number('must be a number').positive('must be greater than 0');
/** A whole number of at least 1 (pool sizes, counts). */
const count = () => z.number('must be a number').int('must be a whole number').min(1, 'must be at least 1');
const portNumber = () =>
  number(
    z.number('must be a number').int('must be a whole number').min(0, 'must be a port (0-65535)').max(65535, 'must be a port (0-65535)'),
  );
const port = (fallback: number) => portNumber().default(fallback);
/** A port that switches something on only when set. */
const optionalPort = () => portNumber().optional();
const absoluteUrl = () =>
  z
    .string()
    .refine((value) => URL.canParse(value), 'must be an absolute URL')
    .optional();
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, `must be one of ${values.join(', ')}`);
/** Folders separated by ":". */
const folders = () =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(':').filter(Boolean));
/** One token bucket's budget (platform/http/rate-limit.ts). Declared here, with its parser, so the
 * configuration does not import the HTTP layer that reads it. */
export interface BucketLimit {
  /** Tokens added per second. */
  perSecond: number;
  /** Bucket size: the burst allowed after a quiet spell. */
  burst: number;
}

/** "<per second>/<burst>" (e.g. "100/200"), or "off"; unset: the built-in limit (DEFAULT_RATE_LIMITS). */
const bucketLimit = () =>
  z
    .string()
    .optional()
    .transform((value, context): BucketLimit | 'off' | undefined => {
      const trimmed = value?.trim();
      if (!trimmed) return undefined;
      if (trimmed === 'off') return 'off';
      const match = /^(\d+(?:\.\d+)?)\/(\d+)$/.exec(trimmed);
      if (!match || Number(match[1]) <= 0 || Number(match[2]) < 1) {
        context.addIssue({ code: 'custom', message: 'must be "<per second>/<burst>" or "off"' });
        return z.NEVER;
      }
      return { perSecond: Number(match[1]), burst: Number(match[2]) };
    });

export const ENV_VARS = {
  // Database, secrets, state
  NODE_ENV: declare(
    'Node environment; `npm start` sets production when unset (graphql-js and Express skip development checks); tests run with test',
    text(),
  ),
  DATABASE_URL: declare('PostgreSQL connection URL; unset: `npm start` runs the embedded PostgreSQL in the local state folder', text()),
  VIGIL_INTERNAL_SECRET: declare(
    'HMAC key of the signed internal principal header; the same on every service (generated into the local state folder by `npm start`)',
    text(),
  ),
  VIGIL_MASTER_KEY: declare(
    '32 bytes, base64: wraps the data keys of personal data (generated into the local state folder by `npm start`)',
    z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
      .optional(),
  ),
  VIGIL_OPERATOR_TOKEN: declare('Bearer token of operators for /metrics; unset: /metrics answers 404 (`npm start` generates one)', text()),
  VIGIL_LOCAL_DIR: declare(
    'Folder of the embedded default’s state (PostgreSQL data, generated secrets, demo API key, local mail); default .vigil in the checkout',
    text(),
  ),
  VIGIL_DB_POOL_SIZE: declare('Connections of each Prisma client pool', number(count()).default(10)),
  // Addresses
  VIGIL_HOST: declare('Address the services bind and the local URLs name', textOr('127.0.0.1')),
  VIGIL_REST_PORT: declare('Port of the REST adapter (0: any free port)', port(3000)),
  VIGIL_GATEWAY_PORT: declare('Port of the GraphQL gateway (0: any free port)', port(4000)),
  VIGIL_PROFILES_PORT: declare('Port of the profiles subgraph (0: any free port)', port(4001)),
  VIGIL_IDV_PORT: declare('Port of the IDV subgraph (0: any free port)', port(4002)),
  VIGIL_SCREENING_PORT: declare('Port of the screening subgraph (0: any free port)', port(4003)),
  VIGIL_RISK_PORT: declare('Port of the risk subgraph (0: any free port)', port(4004)),
  VIGIL_ACCESS_PORT: declare('Port of the access subgraph (console users, sign-in, sessions; 0: any free port)', port(4005)),
  VIGIL_WORKER_PORT: declare(
    'Port of the worker service’s /healthz, /readyz and /metrics (probes of an orchestrator; 0: any free port); unset: the worker serves no HTTP',
    optionalPort(),
  ),
  VIGIL_PROFILES_URL: declare('GraphQL URL of the profiles subgraph; default on VIGIL_HOST and its port', absoluteUrl()),
  VIGIL_IDV_URL: declare('GraphQL URL of the IDV subgraph; default on VIGIL_HOST and its port', absoluteUrl()),
  VIGIL_SCREENING_URL: declare('GraphQL URL of the screening subgraph; default on VIGIL_HOST and its port', absoluteUrl()),
  VIGIL_RISK_URL: declare('GraphQL URL of the risk subgraph; default on VIGIL_HOST and its port', absoluteUrl()),
  VIGIL_ACCESS_URL: declare('GraphQL URL of the access subgraph; default on VIGIL_HOST and its port', absoluteUrl()),
  VIGIL_GATEWAY_URL: declare('GraphQL URL of the gateway; default on VIGIL_HOST and its port', absoluteUrl()),
  VIGIL_PUBLIC_BASE_URL: declare(
    'Public base of the REST API and of direct invite links; default http://VIGIL_HOST:VIGIL_REST_PORT',
    absoluteUrl(),
  ),
  VIGIL_VERIFY_BASE_URL: declare('Public base of the hosted capture page; default VIGIL_PUBLIC_BASE_URL', absoluteUrl()),
  // Processes
  VIGIL_IN_PROCESS: declare(
    '1: services of one process call each other in process; 0: over loopback HTTP',
    oneOf(['0', '1'])
      .default('1')
      .transform((value) => value === '1'),
  ),
  VIGIL_WEB_PROCESSES: declare(
    'Web processes of `npm start` (a number; 0, 1 or anything else but a number above 1 means one process); default one per core but one',
    text().transform((value) => (value === undefined ? undefined : Number(value))),
  ),
  VIGIL_CLUSTER_ROLE: declare('Set by `npm start` on the web processes it forks (web); not an operator setting', oneOf(['web']).optional()),
  VIGIL_SERVICE: declare('The service name on every log line', textOr('vigil')),
  VIGIL_LOG_LEVEL: declare(
    'Log level; default info (silent when NODE_ENV is test)',
    oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
  VIGIL_SUBGRAPH_EXECUTION: declare(
    'How subgraphs execute queries: compiled (default: graphql-jit for every query, where it answers as graphql-js), deep (graphql-jit for queries selecting 100 fields or more, graphql-js for the others) or graphql-js',
    oneOf(['compiled', 'deep', 'graphql-js']).default('compiled'),
  ),
  VIGIL_GRAPHQL_INTROSPECTION: declare(
    'GraphQL introspection on the gateway (false in production)',
    oneOf(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
  ),
  VIGIL_RATE_LIMIT_PER_KEY: declare('Rate limit per presented credential, "<per second>/<burst>" or "off"; default 100/200', bucketLimit()),
  VIGIL_RATE_LIMIT_PER_ADDRESS: declare('Rate limit per client address, "<per second>/<burst>" or "off"; default 200/400', bucketLimit()),
  VIGIL_RATE_LIMIT_AUTH_FAILURES: declare(
    'Budget of failed-credential (401) answers per client address; beyond it such answers become 429, valid credentials are never refused; "<per second>/<burst>" or "off"; default 0.2/10',
    bucketLimit(),
  ),
  VIGIL_BLOB_DRIVER: declare('Blob store driver (only local so far)', oneOf(['local']).default('local')),
  VIGIL_BLOB_DIR: declare(
    'Folder of the local blob store; shared by every service of an installation; default .vigil/blobs under the working directory',
    text(),
  ),
  // Audit trail
  VIGIL_AUDIT_SIGNING_KEY: declare(
    'Ed25519 private key (base64 PKCS#8 DER) that signs audit checkpoints (generated into the local state folder by `npm start`); unset: no checkpoints',
    text(),
  ),
  VIGIL_AUDIT_CHECKPOINT_CRON: declare('Cron of the signed audit checkpoints (one per workspace whose chain grew)', textOr('*/5 * * * *')),
  VIGIL_AUDIT_RETENTION_DAYS: declare('Days audit entries are kept before the retention job removes them', number(count()).default(1826)),
  VIGIL_AUDIT_RETENTION_CRON: declare('Cron of the audit retention job', textOr('41 3 * * *')),
  VIGIL_IDEMPOTENT_CREATES_SWEEP_CRON: declare('Cron of the sweep of expired idempotent-create records', textOr('17 * * * *')),
  // Delivery
  VIGIL_SMTP_HOST: declare('SMTP relay of invite emails; unset: `npm start` keeps them in the local mail folder', text()),
  VIGIL_SMTP_PORT: declare('SMTP relay port', port(25)),
  VIGIL_SMTP_FROM: declare('Sender of invite emails', textOr('no-reply@vigil.local')),
  VIGIL_SMTP_TIMEOUT_MS: declare('Milliseconds an SMTP conversation may stall (default 30000)', number(positive()).optional()),
  VIGIL_LOCAL_MAIL_DIR: declare(
    'Folder of the local mail sink, handed by `npm start` to its web processes; not an operator setting',
    text(),
  ),
  VIGIL_WEBHOOK_ALLOW_PRIVATE_NETWORKS: declare(
    'true: webhook URLs may point at private, loopback and link-local addresses',
    oneOf(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  ),
  VIGIL_WEBHOOK_TIMEOUT_MS: declare('Milliseconds one webhook attempt may take (default 10000)', number(positive()).optional()),
  VIGIL_WEBHOOK_TIME_SCALE: declare(
    'Multiplies the webhook retry delays and the disable window (tests compress time); default 1',
    number(positive()).optional(),
  ),
  // Profiles
  VIGIL_ONBOARDING_LEASE_MS: declare('Milliseconds an onboarding run holds its lease', number(positive()).default(120_000)),
  VIGIL_ONBOARDING_MAX_ATTEMPTS: declare('Attempts of an onboarding run before it fails', number(count()).default(6)),
  // Screening
  VIGIL_SCREENING_POOL_SIZE: declare('Connections of the screening subgraph’s own pg pool', number(count()).default(8)),
  VIGIL_SCREENING_INDEX_THREAD: declare(
    'The screening index on a worker thread (1, true, on) or on the request thread (0, false, off)',
    text()
      .transform((value) => value?.trim().toLowerCase() || undefined)
      .pipe(oneOf(['1', '0', 'true', 'false', 'on', 'off']).optional())
      .transform((value) => !['0', 'false', 'off'].includes(value ?? '')),
  ),
  VIGIL_SCREENING_SNAPSHOT_DIR: declare(
    'Folder of the screening index snapshot (loaded at start when it matches the active list versions); off: none. Default: vigil-screening-index in the OS temp folder',
    text(),
  ),
  VIGIL_SCREENING_VERSION_CHECK_MS: declare(
    'Milliseconds between fallback checks for a new watchlist version',
    number(positive()).default(30_000),
  ),
  VIGIL_SKIP_SHIPPED_WATCHLISTS: declare(
    'Any value: `npm start` does not load the shipped watchlists on first start',
    text().transform((value) => value !== undefined),
  ),
  VIGIL_WATCHLIST_DIR: declare('Folder of the shipped watchlists; default ../shared/data/watchlists from the project root', text()),
  VIGIL_WATCHLISTS_DIR: declare(
    'Older name of VIGIL_WATCHLIST_DIR (used when that is unset; the list loaders default to /work/shared/data/watchlists)',
    text(),
  ),
  VIGIL_WATCHLIST_IMPORT_ROOTS: declare(
    'Folders (":"-separated) API watchlist imports may read; default the shipped watchlist folder',
    folders(),
  ),
  VIGIL_NEWS_IMPORT_ROOTS: declare('Folders (":"-separated) API news ingestion may read; default VIGIL_WATCHLIST_IMPORT_ROOTS', folders()),
  VIGIL_NEWS_CHECK_MS: declare('Milliseconds between checks for news written by other processes', number(positive()).default(500)),
  VIGIL_BATCH_LEASE_SECONDS: declare(
    'Seconds a batch worker holds a job without progress (at least 1)',
    number(z.number('must be a number')).default(30),
  ),
  VIGIL_BATCH_CHUNK_SIZE: declare('Entities screened per batch checkpoint (at least 1)', number(z.number('must be a number')).default(250)),
  VIGIL_MONITORING_LEASE_SECONDS: declare(
    'Seconds a monitoring run attempt holds its run without progress (at least 1)',
    number(z.number('must be a number')).default(120),
  ),
  VIGIL_MONITORING_SWEEP_CRON: declare('Cron of the monitoring sweep', textOr('* * * * *')),
  VIGIL_DISPOSITION_MODEL_URL: declare(
    'OpenAI-compatible endpoint that predicts match dispositions; unset: deterministic analyser only',
    absoluteUrl(),
  ),
  VIGIL_DISPOSITION_MODEL: declare('Model name of the disposition endpoint', textOr('default')),
  VIGIL_DISPOSITION_MODEL_KEY: declare('Bearer token of the disposition endpoint', text()),
  VIGIL_DISPOSITION_MODEL_TIMEOUT_MS: declare('Milliseconds per match of the disposition endpoint', number(positive()).default(10_000)),
  // Console access (docs/console.md)
  VIGIL_CONSOLE_SESSION_IDLE_SECONDS: declare(
    'Seconds of inactivity after which a console sign-in session ends (its last use moves at most once a minute)',
    number(positive()).default(1800),
  ),
  VIGIL_CONSOLE_SESSION_MAX_SECONDS: declare(
    'Seconds after sign-in at which a console session ends however active',
    number(positive()).default(43_200),
  ),
  VIGIL_CONSOLE_INVITE_HOURS: declare(
    'Hours an invitation’s or the first admin’s one-time sign-in link stays valid',
    number(positive()).default(72),
  ),
  // Console single sign-on for a single-tenant install (docs/console.md, "SSO"); per-tenant
  // configurations come from `npm run cli -- configure-sso` instead.
  VIGIL_OIDC_ISSUER: declare(
    'OpenID Connect issuer URL of the console single sign-on (https; unset: SSO from the CLI configuration only)',
    absoluteUrl(),
  ),
  VIGIL_OIDC_CLIENT_ID: declare('Client id registered at the OpenID provider (with VIGIL_OIDC_ISSUER)', text()),
  VIGIL_OIDC_CLIENT_SECRET: declare('Client secret registered at the OpenID provider (with VIGIL_OIDC_ISSUER)', text()),
  VIGIL_OIDC_WORKSPACE: declare('Workspace id whose tenant signs in with VIGIL_OIDC_ISSUER; provisioned users join it', text()),
  VIGIL_OIDC_EMAIL_CLAIM: declare('ID token claim holding the user’s email', textOr('email')),
  VIGIL_OIDC_PROVISION_ROLE: declare(
    'Role of an unknown email on its first SSO sign-in (viewer, analyst, reviewer, admin); unset: only existing users sign in',
    oneOf(['viewer', 'analyst', 'reviewer', 'admin']).optional(),
  ),
  // Risk
  VIGIL_RISK_AGENT: declare(
    'Risk agent: deterministic, or openai (with VIGIL_RISK_OPENAI_BASE_URL)',
    oneOf(['deterministic', 'openai']).default('deterministic'),
  ),
  VIGIL_RISK_OPENAI_BASE_URL: declare('OpenAI-compatible endpoint of the openai risk agent', absoluteUrl()),
  VIGIL_RISK_OPENAI_API_KEY: declare('API key of the openai risk agent', text()),
  VIGIL_RISK_OPENAI_MODEL: declare('Model of the openai risk agent', textOr('gpt-4o-mini')),
  VIGIL_RISK_OPENAI_TIMEOUT_MS: declare('Milliseconds per call of the openai risk agent', number(positive()).default(20_000)),
  VIGIL_RISK_JURISDICTION_TABLE: declare('JSON file replacing the shipped FATF jurisdiction table (read on every use)', text()),
  VIGIL_RISK_LEASE_MS: declare('Milliseconds a risk worker holds a run’s lease', number(positive()).default(15_000)),
  VIGIL_RISK_RUN_CONCURRENCY: declare('Risk runs one worker advances at once', number(count()).default(8)),
} as const;

export type EnvName = keyof typeof ENV_VARS;
export type EnvValues = { [K in EnvName]: z.output<(typeof ENV_VARS)[K]['schema']> };

/** Values an error message must not repeat. */
const SECRETS = new Set<EnvName>([
  'DATABASE_URL',
  'VIGIL_INTERNAL_SECRET',
  'VIGIL_MASTER_KEY',
  'VIGIL_OPERATOR_TOKEN',
  'VIGIL_AUDIT_SIGNING_KEY',
  'VIGIL_DISPOSITION_MODEL_KEY',
  'VIGIL_RISK_OPENAI_API_KEY',
  'VIGIL_OIDC_CLIENT_SECRET',
]);

type Parsed<K extends EnvName> = { ok: true; value: EnvValues[K] } | { ok: false; message: string };

function parse<K extends EnvName>(name: K, env: NodeJS.ProcessEnv): Parsed<K> {
  const raw = env[name];
  const result = ENV_VARS[name].schema.safeParse(raw === '' ? undefined : raw);
  if (result.success) return { ok: true, value: result.data as EnvValues[K] };
  const got = SECRETS.has(name) ? '' : ` (got ${JSON.stringify(raw)})`;
  return { ok: false, message: `${name} ${result.error.issues.map((issue) => issue.message).join('; ')}${got}` };
}

/** One variable, parsed now (call-time reads: the environment may have changed since start). */
export function envValue<K extends EnvName>(name: K, env: NodeJS.ProcessEnv = process.env): EnvValues[K] {
  const parsed = parse(name, env);
  if (!parsed.ok) throw new Error(`Invalid configuration: ${parsed.message}`);
  return parsed.value;
}

/** Every declared variable, parsed at once; throws naming each invalid variable. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvValues {
  const values: Partial<Record<EnvName, unknown>> = {};
  const problems: string[] = [];
  for (const name of Object.keys(ENV_VARS) as EnvName[]) {
    const parsed = parse(name, env);
    if (parsed.ok) values[name] = parsed.value;
    else problems.push(parsed.message);
  }
  if (problems.length) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return values as EnvValues;
}
