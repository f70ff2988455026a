// The local SMTP sink of `npm start` when no SMTP relay is configured: a real SMTP server on
// loopback that keeps every message as an .eml file under .vigil/mail/, and a small page (mounted
// by the REST adapter at /_dev/mail) that lists them and shows each one, so a newcomer can click an
// invite link. Never used when VIGIL_SMTP_HOST is set.
import fs from 'node:fs';
import path from 'node:path';
import { AddressInfo } from 'node:net';
import express from 'express';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface LocalMailSink {
  port: number;
  dir: string;
  close(): Promise<void>;
}

export async function startLocalMailSink(dir: string, host = '127.0.0.1', port = 0): Promise<LocalMailSink> {
  fs.mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++counter}.eml`;
        // Written before the answer: "250 accepted" means the file exists.
        fs.writeFile(path.join(dir, name), Buffer.concat(chunks), (error) => callback(error ?? undefined));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  // No public way to ask the bound port: its net.Server (platform/library-patches.ts).
  const bound = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  return { port: bound, dir, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** GET /_dev/mail (list, newest first) and /_dev/mail/<file> (one message, links clickable). */
export function mountLocalMailPage(app: express.Express, dir: string): void {
  app.get('/_dev/mail', async (_req, res) => {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
          .slice(0, 200)
      : [];
    const rows = await Promise.all(
      files.map(async (file) => {
        const mail = await simpleParser(fs.readFileSync(path.join(dir, file))).catch(() => undefined);
        const to = mail?.to ? (Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : mail.to.text) : '';
        return `<tr><td>${escape(mail?.date?.toISOString() ?? '')}</td><td>${escape(to)}</td><td><a href="/_dev/mail/${encodeURIComponent(file)}">${escape(mail?.subject ?? file)}</a></td></tr>`;
      }),
    );
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(`<!doctype html><meta charset="utf-8"><title>Local mail</title><body style="font-family:system-ui;margin:24px">
<h1>Local mail (${files.length})</h1><p>Messages the platform sent while no SMTP relay is configured, kept in ${escape(dir)}.</p>
<table cellpadding="6"><tr><th>date</th><th>to</th><th>subject</th></tr>${rows.join('')}</table></body>`);
  });
  app.get('/_dev/mail/:file', async (req, res) => {
    const file = req.params.file;
    if (!/^[A-Za-z0-9._-]+\.eml$/.test(file) || !fs.existsSync(path.join(dir, file))) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
    const text = escape(mail.text ?? '').replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html')
      .send(`<!doctype html><meta charset="utf-8"><title>${escape(mail.subject ?? file)}</title><body style="font-family:system-ui;margin:24px">
<p><a href="/_dev/mail">← all mail</a></p><h1>${escape(mail.subject ?? '')}</h1><pre style="white-space:pre-wrap">${text}</pre></body>`);
  });
}
