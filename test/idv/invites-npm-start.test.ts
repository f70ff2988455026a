// `npm start` without SMTP: invite emails land in the local sink (.vigil/mail/*.eml), listed at
// /_dev/mail, and the link in them, like the verify_url of a direct invite, opens the hosted page
// route of the running REST adapter. The sink is a convenience of the embedded default database on
// loopback only (app/local-conveniences.ts), so this runs `npm start` as a newcomer does: no
// DATABASE_URL, its own state folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '../helpers/webhook-receiver';

const root = path.resolve(__dirname, '../..');

it('emails an invite into the local sink and serves the invite and direct links', async () => {
  // An embedded database of its own: the demo is seeded (and its key printed) only on a first start.
  const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-invites-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VIGIL_LOCAL_DIR: localDir,
    VIGIL_HOST: '127.0.0.1',
    VIGIL_WEB_PROCESSES: '1',
    VIGIL_LOG_LEVEL: 'warn',
    VIGIL_SKIP_SHIPPED_WATCHLISTS: '1',
  };
  for (const name of ['REST', 'GATEWAY', 'PROFILES', 'IDV', 'SCREENING', 'RISK']) env[`VIGIL_${name}_PORT`] = '0';
  delete env.DATABASE_URL;
  delete env.VIGIL_SMTP_HOST;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'app/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await waitFor(() => /Demo API key/.test(output), 120_000, 'the banner');
    const rest = output.match(/REST API\s+(http:\/\/\S+)/)![1];
    expect(output).toContain(`Local mail          ${rest}/_dev/mail`);
    const headers = { 'content-type': 'application/json', 'x-api-key': output.match(/Demo API key\s+(vgl_\S+)/)![1] };
    const call = async (p: string, body: unknown) => {
      const response = await fetch(`${rest}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    };
    const email = `newcomer-${Date.now()}@example.com`;
    const profile = await call('/clm/v1/profiles', { name: 'Ada Lovelace', kind: 'individual', email });
    const session = await call('/idv/v1/sessions', { profile_id: profile.body.result.profile.id });
    const sessionId = session.body.data.id;
    expect((await call(`/idv/v1/sessions/${sessionId}/invite`, {})).status).toBe(202);

    const list = await (await fetch(`${rest}/_dev/mail`)).text();
    expect(list).toContain(email);
    const messagePath = [...list.matchAll(/href="(\/_dev\/mail\/[^"]+)"/g)]
      .map((m) => m[1])
      .find((href) => list.slice(list.indexOf(href) - 300, list.indexOf(href)).includes(email))!;
    const message = await (await fetch(`${rest}${messagePath}`)).text();
    const link = message.match(/href="(http:\/\/[^"]+\/verify\/[^"]+)"/)![1].replace(/&amp;/g, '&');
    expect(link).toContain(`${rest}/verify/${sessionId}#code=`);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');

    const direct = await call(`/idv/v1/sessions/${sessionId}/invite`, { delivery: 'none' });
    expect(direct.status).toBe(200);
    expect(direct.body.verify_url).toContain(`${rest}/verify/${sessionId}#code=`);
    expect((await fetch(direct.body.verify_url)).status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  fs.rmSync(localDir, { recursive: true, force: true });
}, 180_000);
