// The hosted capture page: {verify_base_url}/verify/<session_id>, served by the REST adapter from
// files in this folder (no CDN, works offline). The page reads its credential from the URL
// fragment (#code=<invite code> of a direct or emailed link, or #token=<session_token>), removes
// it from the address bar, and talks only to the capture-plane endpoints of /idv/v1 on the same
// origin. Strict CSP: scripts, styles and connections to 'self' only; no inline code.
import path from 'node:path';
import express, { Request, Response } from 'express';

const ASSETS = path.join(__dirname, 'assets');
const SESSION_ID = /^[A-Za-z0-9_]{1,64}$/;

export const CAPTURE_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob: mediastream:",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function pageHtml(sessionId: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Identity verification</title>
<link rel="stylesheet" href="/verify/assets/page.css">
<script src="/verify/assets/i18n.js" defer></script>
<script src="/verify/assets/missing.js" defer></script>
<script src="/verify/assets/page.js" defer></script>
</head>
<body data-session-id="${sessionId}">
<header class="brand"><img id="logo" class="logo-wide" alt="" hidden><img id="logo-square" class="logo-square" alt="" hidden><span id="company"></span>
<label class="lang"><span class="sr-only" data-i18n="language">Language</span><select id="lang"><option value="en">English</option><option value="de">Deutsch</option></select></label></header>
<main id="app" tabindex="-1" aria-live="polite"><p data-i18n="loading">Loading…</p></main>
<noscript><p lang="en">This page needs JavaScript to use your camera.</p><p lang="de">Diese Seite benötigt JavaScript, um Ihre Kamera zu verwenden.</p></noscript>
</body>
</html>`;
}

export function mountCapturePage(app: express.Express): void {
  app.use(
    '/verify/assets',
    (_req, res, next) => {
      res.setHeader('Content-Security-Policy', CAPTURE_PAGE_CSP);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      next();
    },
    express.static(ASSETS, { index: false, maxAge: '1h' }),
  );
  app.get('/verify/:sessionId', (req: Request, res: Response) => {
    const sessionId = String(req.params.sessionId);
    res.setHeader('Content-Security-Policy', CAPTURE_PAGE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Permissions-Policy', 'camera=(self), microphone=()');
    if (!SESSION_ID.test(sessionId)) return void res.status(404).type('text/plain').send('Not found');
    res.type('html').send(pageHtml(sessionId));
  });
}
