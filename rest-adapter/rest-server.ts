// The REST adapter: the documented REST paths, envelopes and error codes, mapped onto GraphQL
// operations sent to the gateway. It imports no subgraph code.
import path from 'node:path';
import express, { NextFunction, Request, Response } from 'express';
import { createServiceApp, listen, RunningServer } from '../platform/http/service-app';
import { RateLimits, rateLimiter } from '../platform/http/rate-limit';
import { sendHtmlPage } from '../platform/http/security-headers';
import { ApiError } from './http/api-error';
import { buildRouter, sendError } from './http/build-router';
import { Area } from './http/envelopes';
import { GatewayClient } from './http/gateway-client';
import type { GatewayExecutor } from '../gateway/in-process-gateway';
import { docsHtml } from './docs/docs-page';
import { mountConsole } from './console-assets/console-assets';
import { openApiDocument, OpenApiOperation } from './openapi/openapi-document';
import { allRoutes } from './routes';
import { Route } from './routes/route';

export interface RestAdapterOptions {
  gatewayUrl: string;
  publicBaseUrl: string;
  port: number;
  host?: string;
  routes?: Route[];
  /** Extra Express mounts (hosted capture page, binary uploads) added by domains. */
  mount?(app: express.Express, gateway: GatewayClient): void;
  /** OpenAPI descriptions of the endpoints `mount` adds (they are not in the route table). */
  mountedOpenApi?: readonly OpenApiOperation[];
  /** Rate limits applied to every request (docs/reliability.md); none when omitted. */
  rateLimits?: RateLimits;
  /** Signs the adapter's gateway calls as already rate-limited (platform/http/forwarded-by.ts). */
  internalSecret?: string;
  /** The gateway of this process, when colocated: called in process instead of over HTTP. */
  localGateway?: GatewayExecutor;
  /** The built console (index.html and assets/); default console/dist. */
  consoleDist?: string;
}

export function createRestApp(options: RestAdapterOptions): express.Express {
  const gateway = new GatewayClient(options.gatewayUrl, options.internalSecret, options.localGateway);
  const routes = options.routes ?? allRoutes;
  const app = createServiceApp('rest-adapter', async () => {
    const response = await fetch(options.gatewayUrl.replace(/\/graphql$/, '/readyz'));
    if (!response.ok) throw new Error(`gateway not ready (${response.status})`);
  });
  if (options.rateLimits) {
    app.use(
      rateLimiter({
        limits: options.rateLimits,
        reject: (req, res, retryAfter) =>
          sendError(req, res, areaOf(req.path), ApiError.of('rate_limited', `Rate limit exceeded; retry after ${retryAfter} s`)),
      }),
    );
  }
  const openApi = openApiDocument(routes, options.publicBaseUrl, options.mountedOpenApi);
  app.get('/openapi.json', (_req, res) => {
    res.json(openApi);
  });
  const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  app.use('/docs/assets', express.static(swaggerDir, { index: false, maxAge: '1d' }));
  const docsPage = docsHtml();
  app.get(['/docs', '/docs/'], (_req, res) => sendHtmlPage(res, docsPage));
  mountConsole(app, options.consoleDist);
  options.mount?.(app, gateway);
  app.use(buildRouter(routes, gateway));
  app.use((req: Request, res: Response) => {
    sendError(req, res, areaOf(req.path), ApiError.of('not_found', `No route for ${req.method} ${req.path}`));
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    sendError(req, res, areaOf(req.path), error);
  });
  return app;
}

export async function startRestAdapter(options: RestAdapterOptions): Promise<RunningServer> {
  return listen(createRestApp(options), options.port, options.host ?? '127.0.0.1');
}

/** Which envelope an unrouted or failed request gets, by path prefix. */
export function areaOf(requestPath: string): Area {
  if (requestPath.startsWith('/idv/')) return 'idv';
  if (requestPath.startsWith('/risk-assessments/')) return 'risk';
  // Reports answer {status, response, reports[]} at the top level, and their errors {status, response, error}.
  if (/^\/v1\/reports(\/|$)/.test(requestPath)) return 'reports';
  if (/^\/(clm|tenant-config|v1|v2)\//.test(requestPath)) return 'clm';
  return 'public';
}
