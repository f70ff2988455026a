// The Express frame every Vigil HTTP service shares: request ids, access logs, health, readiness
// and Prometheus metrics. Domain routes are mounted on the returned app.
import crypto from 'node:crypto';
import http from 'node:http';
import express, { Express, IRoute, NextFunction, Request, Response } from 'express';
import { logger, Logger } from '../logging/logger';
import { REQUEST_ID_HEADER } from '../principal/principal';
import { safeEqual, hashSecret } from '../crypto/hash';
import { httpRequestDuration, metricsRegistry } from './metrics';
import { securityHeaders } from './security-headers';
import { lazyChildLogger } from './lazy-child-logger';
import { envValue } from '../config/env';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- augmenting Express's global Request type needs its own namespace name
  namespace Express {
    interface Request {
      requestId: string;
      log: Logger;
    }
  }
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function createServiceApp(service: string, ready: () => Promise<void>): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(securityHeaders());
  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header(REQUEST_ID_HEADER);
    req.requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
    req.log = lazyChildLogger(logger, { service, requestId: req.requestId });
    res.setHeader(REQUEST_ID_HEADER, req.requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // Express types the matched route as any: it is an IRoute, or undefined when none matched.
      const route = (req.route as IRoute | undefined)?.path ?? (res.statusCode === 404 ? 'unmatched' : req.path);
      httpRequestDuration.labels(service, req.method, String(route), String(res.statusCode)).observe(seconds);
      // Checked on the parent: below info level the request's child logger is never made.
      if (logger.isLevelEnabled('info'))
        req.log.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(seconds * 1000) }, 'request');
    });
    next();
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service });
  });
  app.get('/readyz', async (req, res) => {
    try {
      await ready();
      res.json({ status: 'ready', service });
    } catch (error) {
      req.log.warn({ err: error }, 'not ready');
      res.status(503).json({ status: 'unavailable', service });
    }
  });
  app.get('/metrics', async (req, res) => {
    // Operators only: Authorization: Bearer $VIGIL_OPERATOR_TOKEN. Without a configured token the
    // endpoint does not exist (metrics name routes, timings and volumes).
    const status = operatorAccess(req.header('authorization'));
    if (status !== 200)
      return void res.status(status).json({
        error: {
          code: status === 404 ? 'not_found' : 'unauthorized',
          message: status === 404 ? 'Not found' : 'Operator credential required',
        },
      });
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  });
  return app;
}

/** 200 when the Authorization header carries the operator token, 401 otherwise, 404 when none is set. */
export function operatorAccess(authorization: string | undefined, token = envValue('VIGIL_OPERATOR_TOKEN')): 200 | 401 | 404 {
  if (!token) return 404;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  return match && safeEqual(hashSecret(match[1]), hashSecret(token)) ? 200 : 401;
}

/** How long a closing server lets in-flight requests finish before cutting connections. */
export const DRAIN_MS = 5_000;

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function listen(app: Express, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://${host}:${address.port}`,
        port: address.port,
        // Graceful: stop accepting, let in-flight requests finish (up to DRAIN_MS), then cut
        // whatever remains (idle keep-alive sockets at once).
        close: () =>
          new Promise<void>((done) => {
            server.close(() => {
              clearTimeout(cutoff);
              done();
            });
            server.closeIdleConnections();
            const cutoff = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
            cutoff.unref();
          }),
      });
    });
  });
}
