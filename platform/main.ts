// `npm start`: the whole platform in one process on the embedded default, or one service
// (`npm start -- --service gateway`) as docker-compose runs it.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { applyMigrations } from './db/migrations';
import { logger } from './logging/logger';
import { prepareLocalEnvironment, LOCAL_DIR } from './runtime/local-environment';
import { SERVICE_NAMES, ServiceName, startPlatform } from './runtime/start-platform';
import { seedDemo } from './tenancy/seed-demo';
import { setPlaygroundApiKey } from '../gateway/playground/playground-page';
import { loadShippedWatchlistsOnce } from '../subgraphs/screening/services/import-service';
import { startLocalMailSink } from './mail/local-mail-sink';

/** SIGTERM ends the process within 10 s: drain requests, stop workers, close pools, stop PostgreSQL. */
const SHUTDOWN_LIMIT_MS = 9_000;

async function main(): Promise<void> {
  const services = selectedServices(process.argv.slice(2));
  const database = await prepareLocalEnvironment(process.env);
  const config = loadConfig();
  await applyMigrations(config.databaseUrl, (line) => logger.info(line));
  // No SMTP relay configured and everything in this process: invite emails go to a local sink
  // (.vigil/mail/*.eml, listed at /_dev/mail) so the invite links can be clicked.
  const mailSink = !config.smtp && services.length === SERVICE_NAMES.length ? await startLocalMailSink(path.join(LOCAL_DIR, 'mail'), '127.0.0.1') : undefined;
  if (mailSink) {
    config.smtp = { host: '127.0.0.1', port: mailSink.port, from: 'no-reply@vigil.local' };
    config.delivery = { ...config.delivery, localMailDir: mailSink.dir };
  }
  const platform = await startPlatform(config, services);

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
    await platform.close().catch((error) => logger.error({ err: error }, 'error while closing services'));
    await mailSink?.close().catch((error) => logger.error({ err: error }, 'error while closing the mail sink'));
    await database?.stop().catch((error) => logger.error({ err: error }, 'error while stopping PostgreSQL'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (services.length === SERVICE_NAMES.length) {
    const demo = await seedDemo(platform.db);
    const keyFile = path.join(LOCAL_DIR, 'demo-api-key');
    if (demo) fs.writeFileSync(keyFile, `${demo.apiKey}\n`, { mode: 0o600 });
    // The playground opens with the demo key in its headers (this machine only: the key file is
    // the one written on the first start).
    setPlaygroundApiKey(demo?.apiKey ?? readDemoKey(keyFile));
    printBanner(platform.urls, demo?.apiKey, keyFile, Boolean(database), Boolean(mailSink));
    // The first run loads the watchlists shipped beside the project (searches answer 503 until
    // the index is ready); later runs find them in the database.
    if (!process.env.VIGIL_SKIP_SHIPPED_WATCHLISTS) {
      await loadShippedWatchlistsOnce(platform.db, logger).catch((error) => {
        // A shutdown during the load interrupts it; the next start resumes (the load is atomic).
        if (!stopping) throw error;
      });
    }
  } else {
    logger.info({ services, urls: platform.urls }, 'services started');
  }
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

function printBanner(urls: Record<string, string | undefined>, apiKey: string | undefined, keyFile: string, embedded: boolean, localMail: boolean): void {
  const rest = urls['rest-adapter'];
  const gateway = urls.gateway!.replace(/\/graphql$/, '');
  const lines = [
    '',
    'Vigil is running' + (embedded ? ' (embedded PostgreSQL in .vigil/postgres)' : ''),
    `  REST API            ${rest}`,
    `  REST docs           ${rest}/docs   (OpenAPI: ${rest}/openapi.json)`,
    `  GraphQL playground  ${gateway}/playground   (endpoint ${gateway}/graphql)`,
    `  Health              ${rest}/healthz   ${rest}/readyz`,
    `  Metrics             ${rest}/metrics   (Authorization: Bearer <token in .vigil/operator-token or VIGIL_OPERATOR_TOKEN>)`,
    ...(localMail ? [`  Local mail          ${rest}/_dev/mail   (invite emails, kept in .vigil/mail/)`] : []),
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

main().catch((error) => {
  logger.fatal({ err: error }, 'failed to start');
  console.error(error);
  process.exit(1);
});
