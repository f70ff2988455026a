// `npm start`: the whole platform on the embedded default, on every core (a primary with the
// screening index, searched on a thread of its own, and the job worker, plus one web process per
// core but one: runtime/web-cluster.ts; on 2 cores that is one process), or
// one service (`npm start -- --service gateway`) as docker-compose runs it.
import './production-mode'; // first: before graphql and express read NODE_ENV
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../platform/config';
import { applyMigrations } from '../platform/db/migrations';
import { leaveSignalsToCaller } from '../platform/db/embedded';
import { logger } from '../platform/logging/logger';
import { prepareLocalEnvironment, LOCAL_DIR } from '../platform/config/local-environment';
import { SERVICE_NAMES, ServiceName, startPlatform } from './start-platform';
import { findDemoWorkspaceId, seedDemo } from '../platform/tenancy/seed-demo';
import { ensureFirstAdmin } from '../subgraphs/access/services/first-admin';
import { accessDeps } from '../subgraphs/access/services/deps';
import { setPlaygroundApiKey } from '../gateway/playground/playground-page';
import { loadShippedWatchlistsOnce } from '../subgraphs/screening/services/import-service';
import { startLocalMailSink } from '../platform/mail/local-mail-sink';
import {
  awaitStart,
  ForkedWebCluster,
  forkWebCluster,
  isWebProcess,
  PRIMARY_TIER,
  reportReady,
  WEB_TIER,
  webProcessCount,
} from './web-cluster';
import { envValue } from '../platform/config/env';
import { withSessionLock } from '../platform/db/session-lock';
import { LocalConveniences, localConveniences } from './local-conveniences';
import { ensureConsoleBuilt } from './console-build';

/** SIGTERM ends the process within 10 s: drain requests, stop workers, close pools, stop PostgreSQL. */
const SHUTDOWN_LIMIT_MS = 9_000;

async function main(): Promise<void> {
  if (isWebProcess()) return runWebProcess();
  const services = selectedServices(process.argv.slice(2));
  const everything = services.length === SERVICE_NAMES.length;
  const webProcesses = everything ? webProcessCount() : 1;
  // Forked first: the web processes load their code while this one prepares the database.
  const web: ForkedWebCluster | undefined = webProcesses > 1 ? forkWebCluster(webProcesses) : undefined;
  // Read before prepareLocalEnvironment, which sets DATABASE_URL to the embedded server's.
  const databaseConfigured = Boolean(envValue('DATABASE_URL'));
  // Before the web processes start serving: they read console/dist as it is.
  if (services.includes('rest-adapter')) await ensureConsoleBuilt();
  const database = await prepareLocalEnvironment(process.env);
  const config = loadConfig();
  // The demo key in the playground and /_dev/mail: only for the embedded default on loopback.
  const conveniences = localConveniences({ host: config.host, databaseConfigured });
  await applyMigrations(config.databaseUrl, (line) => logger.info(line));
  // No SMTP relay configured and everything in this process: invite emails go to a local sink
  // (.vigil/mail/*.eml, listed at /_dev/mail) so the invite links can be clicked.
  const mailSink =
    !config.smtp && services.length === SERVICE_NAMES.length && conveniences.enabled
      ? await startLocalMailSink(path.join(LOCAL_DIR, 'mail'), '127.0.0.1')
      : undefined;
  if (mailSink) {
    config.smtp = { host: '127.0.0.1', port: mailSink.port, from: 'no-reply@vigil.local' };
    config.delivery = { ...config.delivery, localMailDir: mailSink.dir };
  }
  const platform = await startPlatform(config, web ? PRIMARY_TIER : services);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Drain, then close; whatever still hangs (a database that never answers) cannot hold the
    // process past SHUTDOWN_LIMIT_MS.
    const limit = setTimeout(() => {
      logger.error({ signal }, 'shutdown took too long; exiting');
      void database?.stop().finally(() => process.exit(1));
      setTimeout(() => process.exit(1), 500).unref();
    }, SHUTDOWN_LIMIT_MS);
    limit.unref();
    await web?.stop().catch((error: unknown) => logger.error({ err: error }, 'error while stopping the web processes'));
    await platform.close().catch((error: unknown) => logger.error({ err: error }, 'error while closing services'));
    await mailSink?.close().catch((error: unknown) => logger.error({ err: error }, 'error while closing the mail sink'));
    await database?.stop().catch((error: unknown) => logger.error({ err: error }, 'error while stopping PostgreSQL'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // shutdown() stops the embedded PostgreSQL last, after the services drained: not at once on the signal
  if (database) leaveSignalsToCaller();

  if (everything) {
    // Several instances may start at once on one fresh database: the demo tenant, its key and the
    // first admin's link are made by one of them (the others wait, then find them and print none).
    const demo = await withSessionLock(config.databaseUrl, FIRST_START_LOCK, () => seedDemo(platform.db), { waitMs: 120_000 });
    if (demo) {
      // The folder exists only if this process generated a secret there (none when all are configured).
      fs.mkdirSync(LOCAL_DIR, { recursive: true });
      fs.writeFileSync(DEMO_KEY_FILE, `${demo.apiKey}\n`, { mode: 0o600 });
    }
    // The playground opens with the demo key in its headers (this machine only: the key file is
    // the one written on the first start).
    if (conveniences.enabled) setPlaygroundApiKey(demo?.apiKey ?? readDemoKey(DEMO_KEY_FILE));
    let urls = platform.urls;
    if (web) {
      // The web processes get what this process resolved: the database, the secrets, where
      // screening listens and the local mail sink.
      const started = await web.start(
        {
          DATABASE_URL: config.databaseUrl,
          VIGIL_INTERNAL_SECRET: config.internalSecret,
          VIGIL_MASTER_KEY: envValue('VIGIL_MASTER_KEY') ?? '',
          VIGIL_OPERATOR_TOKEN: envValue('VIGIL_OPERATOR_TOKEN') ?? '',
          VIGIL_SCREENING_URL: platform.urls.screening!,
          ...(config.smtp
            ? { VIGIL_SMTP_HOST: config.smtp.host, VIGIL_SMTP_PORT: String(config.smtp.port), VIGIL_SMTP_FROM: config.smtp.from }
            : {}),
          ...(mailSink ? { VIGIL_LOCAL_MAIL_DIR: mailSink.dir } : {}),
        },
        { localConveniences: conveniences.enabled },
      );
      urls = { ...platform.urls, ...started.urls };
      if (stopping) return;
      logger.info({ webProcesses, primaryRssMb: Math.round(process.memoryUsage().rss / 1048576) }, 'web processes started');
    }
    // The demo workspace's first console admin, signed in by a one-time link printed once (on the
    // public base, else the address the REST adapter actually bound).
    const demoWorkspaceId = await findDemoWorkspaceId(platform.db);
    const publicBaseUrl = envValue('VIGIL_PUBLIC_BASE_URL') ?? urls['rest-adapter'] ?? config.publicBaseUrl;
    const firstAdmin = demoWorkspaceId
      ? await withSessionLock(
          config.databaseUrl,
          FIRST_START_LOCK,
          () => ensureFirstAdmin(accessDeps(platform.db, { ...config, publicBaseUrl }), demoWorkspaceId),
          { waitMs: 120_000 },
        )
      : undefined;
    printBanner(urls, demo?.apiKey, DEMO_KEY_FILE, Boolean(database), Boolean(mailSink), conveniences, webProcesses, firstAdmin?.url);
    // The first run loads the watchlists shipped beside the project (searches answer 503 until
    // the index is ready); later runs find them in the database.
    if (!envValue('VIGIL_SKIP_SHIPPED_WATCHLISTS')) {
      // One instance loads them; another instance starting meanwhile does not wait for the lock
      // (its index stays unready until the load's marker says it is done, then follows it).
      const loaded = await withSessionLock(config.databaseUrl, SHIPPED_LOAD_LOCK, () => loadShippedWatchlistsOnce(platform.db, logger), {
        waitMs: 0,
      }).catch((error) => {
        // A shutdown during the load interrupts it; the next start resumes (the load is atomic).
        if (!stopping) throw error;
      });
      if (loaded === null) logger.info('another instance is loading the shipped watchlists');
    }
  } else {
    logger.info({ services, urls: platform.urls }, 'services started');
  }
}

const DEMO_KEY_FILE = path.join(LOCAL_DIR, 'demo-api-key');
/** Advisory locks (platform/db/session-lock.ts) of the first start's one-time work. */
const FIRST_START_LOCK = 'vigil.first-start';
const SHIPPED_LOAD_LOCK = 'vigil.shipped-watchlists';
/** Where a file of the embedded default's state is, as the banner shows it (VIGIL_LOCAL_DIR moves them). */
const local = (name: string) => path.relative(process.cwd(), path.join(LOCAL_DIR, name));

/** One web process of the cluster: the stateless tier, in process, against the primary's database. */
async function runWebProcess(): Promise<void> {
  // The primary decided whether the local conveniences are safe (it alone knows whether the
  // database is the embedded default); an inherited VIGIL_LOCAL_MAIL_DIR alone turns nothing on.
  const { localConveniences: conveniences } = await awaitStart();
  const config = loadConfig();
  const localMailDir = envValue('VIGIL_LOCAL_MAIL_DIR');
  if (conveniences && localMailDir) config.delivery = { ...config.delivery, localMailDir };
  if (conveniences) setPlaygroundApiKey(readDemoKey(DEMO_KEY_FILE));
  const platform = await startPlatform(config, WEB_TIER);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const limit = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS - 1_000);
    limit.unref();
    void platform.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  reportReady(platform.urls);
}

function readDemoKey(keyFile: string): string | undefined {
  return fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() || undefined : undefined;
}

function selectedServices(args: string[]): ServiceName[] {
  const index = args.indexOf('--service');
  if (index < 0) return [...SERVICE_NAMES];
  const names = (args[index + 1] ?? '').split(',');
  for (const name of names) {
    if (!SERVICE_NAMES.includes(name as ServiceName)) throw new Error(`unknown service "${name}"; one of ${SERVICE_NAMES.join(', ')}`);
  }
  return names as ServiceName[];
}

function printBanner(
  urls: Record<string, string | undefined>,
  apiKey: string | undefined,
  keyFile: string,
  embedded: boolean,
  localMail: boolean,
  conveniences: LocalConveniences,
  webProcesses: number,
  adminLink: string | undefined,
): void {
  const rest = urls['rest-adapter'];
  const gateway = urls.gateway!.replace(/\/graphql$/, '');
  const lines = [
    '',
    'Vigil is running' +
      (embedded ? ` (embedded PostgreSQL in ${local('postgres')})` : '') +
      (webProcesses > 1
        ? `, ${webProcesses} web processes + 1 for screening and jobs (VIGIL_WEB_PROCESSES)`
        : ', one process (VIGIL_WEB_PROCESSES)'),
    `  REST API            ${rest}`,
    `  REST docs           ${rest}/docs   (OpenAPI: ${rest}/openapi.json)`,
    `  GraphQL playground  ${gateway}/playground   (endpoint ${gateway}/graphql${conveniences.enabled ? ', demo key filled in' : ''})`,
    `  Health              ${rest}/healthz   ${rest}/readyz`,
    `  Metrics             ${rest}/metrics   (Authorization: Bearer <token in ${local('operator-token')} or VIGIL_OPERATOR_TOKEN>)`,
    `  Console             ${rest}/console`,
    adminLink
      ? `  Console admin link  ${adminLink}   (one-time: signs in admin@vigil.local to set a password; shown once)`
      : `  Console admin       new sign-in links: npm run cli -- sign-in-link --workspace <workspaceId> --email <email>`,
    ...(localMail ? [`  Local mail          ${rest}/_dev/mail   (invite emails, kept in ${local('mail')}/)`] : []),
    ...(conveniences.enabled
      ? []
      : [
          `  Local conveniences  off: no demo key in the playground, no /_dev/mail (404)`,
          `                      (${conveniences.reason}; they need the embedded database and VIGIL_HOST on loopback)`,
        ]),
    apiKey
      ? `  Demo API key        ${apiKey}   (shown once; also saved to ${path.relative(process.cwd(), keyFile)})`
      : `  Demo API key        in ${path.relative(process.cwd(), keyFile)} (created on first run)`,
    '',
    `Try: curl -H "x-api-key: $(cat ${path.relative(process.cwd(), keyFile)})" -H "content-type: application/json" \\`,
    `       -d '{"name":"Ada Lovelace","kind":"individual"}' ${rest}/clm/v1/profiles`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'failed to start');
  console.error(error);
  process.exit(1);
});
