// A real HTTP receiver for webhook tests (the edge fake): records every request with its headers
// and raw body; answers 200 when up, 503 when down, or never (hang) to leave a delivery in flight.
import http from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; kind: string; data: Record<string, unknown>; meta: Record<string, unknown> };
  status: number;
}

export interface WebhookReceiver {
  url: string;
  mode: 'up' | 'down' | 'hang';
  received: ReceivedWebhook[];
  /** Requests that arrived, answered or not (a hanging receiver counts them too). */
  arrivals: number;
  /** Requests answered 2xx, deduplicated by event id (the receiver's dedup). */
  acknowledged(): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    mode: 'up',
    received: [],
    arrivals: 0,
    acknowledged() {
      const seen = new Set<string>();
      return receiver.received.filter((r) => r.status === 200 && !seen.has(r.json.id) && seen.add(r.json.id));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.arrivals++;
      if (receiver.mode === 'hang') return;
      const status = receiver.mode === 'up' ? 200 : 503;
      receiver.received.push({ headers: req.headers, body, json: JSON.parse(body), status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
