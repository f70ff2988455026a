// Security headers on every response of every Vigil HTTP surface (helmet). The default policy
// allows only same-origin resources, no framing and no inline script; HTML pages with inline
// script (the offline /docs and /playground) send their own CSP naming those scripts by hash,
// so they keep working without 'unsafe-inline' scripts.
import crypto from 'node:crypto';
import { RequestHandler, Response } from 'express';
import helmet from 'helmet';

const BASE_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Swagger UI and GraphiQL set style attributes at run time.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: BASE_DIRECTIVES },
    // Plain-HTTP installs behind a bank's own TLS terminator: HSTS belongs to that terminator.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
}

/** Sends an HTML page whose inline <script> blocks are allowed by their SHA-256 hashes. */
export function sendHtmlPage(res: Response, html: string): void {
  res.setHeader('Content-Security-Policy', pageCsp(html));
  res.type('html').send(html);
}

export function pageCsp(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${crypto.createHash('sha256').update(match[1], 'utf8').digest('base64')}'`,
  );
  const directives = { ...BASE_DIRECTIVES, 'script-src': [...BASE_DIRECTIVES['script-src'], ...hashes] };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
