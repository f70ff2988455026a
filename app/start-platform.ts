// Starts any subset of Vigil's services in this process: all of them for `npm start` and the
// tests, one of them per container in docker-compose.
import { VigilConfig } from '../platform/config';
import { createDb, Db } from '../platform/db/prisma';
import { startSubgraph } from '../platform/subgraph/subgraph-server';
import { SubgraphDefinition, SubgraphDependencies, SubgraphName } from '../platform/subgraph/subgraph-definition';
import type { LocalSubgraphExecutor } from '../platform/subgraph/local-subgraph';
import { startGateway } from '../gateway/gateway-server';
import type { GatewayExecutor } from '../gateway/in-process-gateway';
import { startRestAdapter } from '../rest-adapter/rest-server';
import { IDV_CAPTURE_UPLOAD_OPENAPI, mountIdvCaptureUploadRoutes } from '../rest-adapter/capture/artifact-upload-routes';
import { LocalKeyProvider } from '../platform/crypto/envelope';
import { mountCapturePage } from '../rest-adapter/capture-page/capture-page-routes';
import { mountConsoleAuth } from '../rest-adapter/console-auth/console-auth-routes';
import { IDV_THEME_BINARY_OPENAPI, mountIdvThemeBinaryRoutes } from '../rest-adapter/idv-logos/idv-theme-binary-routes';
import { mountScreeningReportRoutes, SCREENING_REPORT_OPENAPI } from '../rest-adapter/screening-reports/report-download-route';
import { mountRiskFileRoutes, RISK_FILE_OPENAPI } from '../rest-adapter/risk-files/risk-file-routes';
import { mountConsoleFileRoutes } from '../rest-adapter/console-files/console-file-routes';
import { EVIDENCE_PACK_OPENAPI, mountEvidencePackRoutes } from '../rest-adapter/audit-packs/pack-download-route';
import { profilesSubgraph } from '../subgraphs/profiles';
import { idvSubgraph } from '../subgraphs/idv';
import { screeningSubgraph } from '../subgraphs/screening';
import { riskSubgraph } from '../subgraphs/risk';
import { accessSubgraph } from '../subgraphs/access';
import { startWorker, startWorkerHealth } from './worker';
import { evidencePackDeps } from './evidence-sources';
import { mountLocalMailPage } from '../platform/mail/local-mail-sink';
import { envValue } from '../platform/config/env';

export const SERVICE_NAMES = ['profiles', 'idv', 'screening', 'risk', 'access', 'gateway', 'rest-adapter', 'worker'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- subgraphs with different context types; each definition's context matches its own resolvers
export const SUBGRAPHS: Record<SubgraphName, (deps: SubgraphDependencies) => SubgraphDefinition<any>> = {
  profiles: (deps) => profilesSubgraph(deps, evidencePackDeps(deps.db, deps.config)),
  idv: idvSubgraph,
  screening: screeningSubgraph,
  risk: riskSubgraph,
  access: accessSubgraph,
};

export interface RunningPlatform {
  db: Db;
  config: VigilConfig;
  urls: Partial<Record<ServiceName, string>>;
  close(): Promise<void>;
}

export interface PlatformOptions {
  /** Services of this process call each other in process (REST adapter → gateway → subgraphs)
   * instead of over loopback HTTP. Default on; VIGIL_IN_PROCESS=0 turns it off (benches, tests of
   * the HTTP path). Services in other processes are always reached over HTTP. */
  inProcess?: boolean;
}

export async function startPlatform(
  configured: VigilConfig,
  services: readonly ServiceName[] = SERVICE_NAMES,
  options: PlatformOptions = {},
): Promise<RunningPlatform> {
  const inProcess = options.inProcess ?? envValue('VIGIL_IN_PROCESS');
  // Services started here may bind other ports than configured (port 0 in tests): every service
  // of this process sees the addresses actually bound, including services calling each other
  // (IDV → profiles), because they share this one config object.
  const config: VigilConfig = { ...configured, subgraphUrls: { ...configured.subgraphUrls } };
  const subgraphUrls = config.subgraphUrls;
  const db = createDb(config.databaseUrl);
  const closers: (() => Promise<void>)[] = [];
  const urls: Partial<Record<ServiceName, string>> = {};
  const localSubgraphs: Partial<Record<SubgraphName, LocalSubgraphExecutor>> = {};
  let localGateway: GatewayExecutor | undefined;
  try {
    for (const name of Object.keys(SUBGRAPHS) as SubgraphName[]) {
      if (!services.includes(name)) continue;
      const server = await startSubgraph(SUBGRAPHS[name]({ db, config }), { db, config }, config.ports[name]);
      closers.push(() => server.close());
      urls[name] = subgraphUrls[name] = server.url;
      if (inProcess) localSubgraphs[name] = server.execute;
    }
    let gatewayUrl = config.gatewayUrl;
    if (services.includes('gateway')) {
      const gateway = await startGateway({ db, config, subgraphUrls, port: config.ports.gateway, localSubgraphs });
      closers.push(() => gateway.close());
      if (inProcess) localGateway = gateway.execute;
      urls.gateway = gatewayUrl = config.gatewayUrl = gateway.url;
    }
    if (services.includes('rest-adapter')) {
      const rest = await startRestAdapter({
        gatewayUrl,
        localGateway,
        publicBaseUrl: config.publicBaseUrl,
        port: config.ports.rest,
        host: config.host,
        mount: (app, gateway) => {
          mountIdvThemeBinaryRoutes(app, gateway);
          mountScreeningReportRoutes(app, gateway, config.internalSecret);
          mountRiskFileRoutes(app, gateway);
          mountEvidencePackRoutes(app, gateway);
          mountIdvCaptureUploadRoutes(app, gateway, { keyProvider: new LocalKeyProvider(config.masterKey) });
          // The console's same-origin file reads (session cookie or dashboard bearer token).
          mountConsoleFileRoutes(app, gateway, { keyProvider: new LocalKeyProvider(config.masterKey) });
          mountCapturePage(app);
          mountConsoleAuth(app, gateway, { publicBaseUrl: () => config.publicBaseUrl });
          if (config.delivery?.localMailDir) mountLocalMailPage(app, config.delivery.localMailDir);
        },
        mountedOpenApi: [
          ...IDV_THEME_BINARY_OPENAPI,
          ...SCREENING_REPORT_OPENAPI,
          ...RISK_FILE_OPENAPI,
          ...IDV_CAPTURE_UPLOAD_OPENAPI,
          ...EVIDENCE_PACK_OPENAPI,
        ],
        rateLimits: config.rateLimits,
        internalSecret: config.internalSecret,
      });
      closers.push(() => rest.close());
      urls['rest-adapter'] = rest.url;
      // A REST adapter on a free port (tests) is the public base its links must point at.
      if (configured.ports.rest === 0) config.publicBaseUrl = rest.url;
    }
    if (services.includes('worker')) {
      const worker = await startWorker(db, config);
      closers.push(() => worker.close());
      urls.worker = 'pg-boss';
      const healthPort = envValue('VIGIL_WORKER_PORT');
      if (healthPort !== undefined) {
        // Closed before the worker (closers run in reverse): probes see it go away first.
        const health = await startWorkerHealth(db, healthPort, config.host);
        closers.push(() => health.close());
        urls.worker = health.url;
      }
    }
  } catch (error) {
    await closeAll(closers);
    await db.$disconnect();
    throw error;
  }
  return {
    db,
    config,
    urls,
    async close() {
      await closeAll(closers);
      await db.$disconnect();
    },
  };
}

async function closeAll(closers: (() => Promise<void>)[]): Promise<void> {
  for (const close of closers.reverse()) {
    await close().catch(() => undefined);
  }
}
