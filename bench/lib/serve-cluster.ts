// `node --import tsx bench/lib/serve-cluster.ts <web processes>`: the platform as `npm start` runs
// it (app/web-cluster.ts) against DATABASE_URL, with the benches' configuration (ports
// chosen by the OS, rate limits off); prints `READY <urls>` (bench/lib/platform-child.ts). The web
// processes run this same file.
import '../../app/production-mode';
import { loadConfig } from '../../platform/config';
import { logger } from '../../platform/logging/logger';
import { startPlatform } from '../../app/start-platform';
import { awaitStart, forkWebCluster, isWebProcess, PRIMARY_TIER, reportReady, WEB_TIER } from '../../app/web-cluster';
import { benchConfig } from './bench-config';

async function main(): Promise<void> {
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  if (isWebProcess()) {
    await awaitStart(); // the primary's screening URL arrives here
    const platform = await startPlatform(benchConfig({ ports: loadConfig().ports }), WEB_TIER);
    process.on('SIGTERM', () => void platform.close().then(() => process.exit(0)));
    reportReady(platform.urls);
    return;
  }
  const web = forkWebCluster(Number(process.argv[2]));
  const platform = await startPlatform(benchConfig({ ports: loadConfig().ports }), PRIMARY_TIER);
  const started = await web.start({ VIGIL_SCREENING_URL: platform.urls.screening! });
  process.stdout.write(`READY ${JSON.stringify({ ...platform.urls, ...started.urls })}\n`);
  const stop = () =>
    void web
      .stop()
      .then(() => platform.close())
      .then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
