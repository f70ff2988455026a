// Serves the Vigil Console (the single-page app built into console/dist) under /console on the web
// origin: hashed assets with a year's cache, index.html for every other path (deep links), with a
// strict CSP (no inline script or style, nothing from another origin). The paths the web layer
// answers itself (/console/auth/*, /console/graphql, /console/files/*) are left to their routes.
import fs from 'node:fs';
import path from 'node:path';
import express, { NextFunction, Request, Response } from 'express';

export const CONSOLE_DIST = path.resolve(__dirname, '../../console/dist');

export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** Paths under /console that belong to the web layer's own routes, never to the SPA fallback. */
const WEB_LAYER_PATHS = /^\/console\/(auth|graphql|files)(\/|$)/;

function consoleHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', CONSOLE_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

export function mountConsole(app: express.Express, distDir: string = CONSOLE_DIST): void {
  // Read on each request until found, then kept: a build that finishes after the server started
  // (first start) is served without a restart.
  let indexHtml: string | undefined;
  const readIndex = (): string | undefined => {
    if (indexHtml) return indexHtml;
    try {
      indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
    } catch {
      return undefined;
    }
    return indexHtml;
  };

  app.use(
    '/console/assets',
    (_req: Request, res: Response, next: NextFunction) => {
      consoleHeaders(res);
      next();
    },
    // File names carry a content hash: a changed file has a new name, so caching forever is safe.
    // A missing asset is a 404, never index.html (a stale page must not run HTML as script).
    express.static(path.join(distDir, 'assets'), { index: false, immutable: true, maxAge: '365d' }),
    (_req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-store');
      res.status(404).type('text/plain').send('Not found');
    },
  );

  app.get(['/console', '/console/{*rest}'], (req: Request, res: Response, next: NextFunction) => {
    if (WEB_LAYER_PATHS.test(req.path)) return next();
    consoleHeaders(res);
    // index.html names the current hashed assets: always revalidated.
    res.setHeader('Cache-Control', 'no-cache');
    const html = readIndex();
    if (!html)
      return void res
        .status(503)
        .type('text/plain')
        .send('The console is not built yet: run `npm run build --workspace console` (npm start builds it on first start).');
    res.type('html').send(html);
  });
}
