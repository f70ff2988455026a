// The console's files on the web origin: index.html for every deep link under /console (but not
// for the web layer's own paths), hashed assets cached for a year, the strict CSP everywhere, and a
// build that exists without an extra command.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consoleBuilt, consoleStale, ensureConsoleBuilt } from '../../app/console-build';
import { CONSOLE_CSP, CONSOLE_DIST } from '../../rest-adapter/console-assets/console-assets';
import { createRestApp } from '../../rest-adapter/rest-server';
import { listen, RunningServer } from '../../platform/http/service-app';

const EXPECTED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

async function serve(consoleDist: string): Promise<RunningServer> {
  // No gateway behind it: only the console's static routes are exercised.
  return listen(createRestApp({ gatewayUrl: 'http://127.0.0.1:1/graphql', publicBaseUrl: 'http://x', port: 0, consoleDist }), 0);
}

describe('console assets on the web origin', () => {
  let dist: string;
  let server: RunningServer;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-console-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Vigil Console</title><script type="module" src="/console/assets/index-abc123.js"></script>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    server = await serve(dist);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers index.html at /console, /console/ and any deep link, with the strict CSP and no caching', async () => {
    expect(CONSOLE_CSP).toBe(EXPECTED_CSP);
    for (const url of ['/console', '/console/', '/console/profiles/prf_1', '/console/review/ses_1?x=1', '/console/sign-in']) {
      const response = await fetch(server.url + url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy')).toBe(EXPECTED_CSP);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Vigil Console</title>');
    }
  });

  it('serves hashed assets with a long immutable cache and the CSP', async () => {
    const response = await fetch(`${server.url}/console/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toBe(EXPECTED_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 (not index.html) for a missing asset', async () => {
    const response = await fetch(`${server.url}/console/assets/index-gone.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toMatch(/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves /console/auth/*, /console/graphql and /console/files/* to the web layer', async () => {
    for (const url of [
      '/console/auth/session',
      '/console/auth/oidc/start',
      '/console/graphql',
      '/console/files/idv/sessions/ses_1/artifacts/a',
    ]) {
      const response = await fetch(server.url + url);
      // Nothing else is mounted in this app: the adapter's own 404, not the SPA.
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('Vigil Console');
    }
  });

  it('does not answer the SPA for other methods', async () => {
    const response = await fetch(`${server.url}/console/profiles`, { method: 'POST' });
    expect(response.status).toBe(404);
  });

  it('answers 503 naming the build command while no build exists', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-console-empty-'));
    const unbuilt = await serve(empty);
    try {
      const response = await fetch(`${unbuilt.url}/console/`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build --workspace console');
    } finally {
      await unbuilt.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the console build', () => {
  it('is stale once a source is newer than the built page (a checkout that pulled console changes rebuilds)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-console-stale-'));
    try {
      fs.mkdirSync(path.join(dir, 'dist'));
      fs.mkdirSync(path.join(dir, 'src', 'screens'), { recursive: true });
      const source = path.join(dir, 'src', 'screens', 'home.tsx');
      fs.writeFileSync(source, 'export {};');
      fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html>');
      const built = Date.now() / 1000;
      fs.utimesSync(source, built - 60, built - 60);
      fs.utimesSync(path.join(dir, 'dist', 'index.html'), built, built);
      expect(consoleStale(dir)).toBe(false);
      fs.utimesSync(source, built + 60, built + 60);
      expect(consoleStale(dir)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bundles React for production even when built from a test process (NODE_ENV=test)', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-console-build-')), 'dist');
    try {
      execFileSync(process.execPath, ['build.mjs', '--out', out], {
        cwd: path.dirname(CONSOLE_DIST),
        env: { ...process.env, NODE_ENV: 'test' },
      });
      const scripts = fs.readdirSync(path.join(out, 'assets')).filter((file) => file.endsWith('.js'));
      const code = scripts.map((file) => fs.readFileSync(path.join(out, 'assets', file), 'utf8')).join('\n');
      // React's development build greets the console with a DevTools hint; the production build never does.
      expect({ reactBundled: code.includes('createRoot'), developmentBuild: code.includes('React DevTools') }).toEqual({
        reactBundled: true,
        developmentBuild: false,
      });
    } finally {
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
    }
  }, 180_000);

  it('exists after the platform would start (built on demand), loads only same-origin files and has no inline code', async () => {
    expect(await ensureConsoleBuilt()).toBe(true);
    expect(consoleBuilt()).toBe(true);
    const html = fs.readFileSync(path.join(CONSOLE_DIST, 'index.html'), 'utf8');
    expect(html).toMatch(/<script type="module" crossorigin src="\/console\/assets\/index-[\w-]+\.js"><\/script>/);
    // No inline script or style (the CSP would refuse them) and no other origin.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|style="/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = fs.readdirSync(path.join(CONSOLE_DIST, 'assets'));
    expect(assets.some((file) => /^inter-latin-wght-normal-[\w-]+\.woff2$/.test(file))).toBe(true);
    for (const css of assets.filter((file) => file.endsWith('.css'))) {
      expect(fs.readFileSync(path.join(CONSOLE_DIST, 'assets', css), 'utf8')).not.toMatch(/url\((['"]?)(https?:)?\/\//);
    }
  }, 180_000);
});
