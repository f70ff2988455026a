import http from 'node:http';
import { AddressInfo } from 'node:net';
import { keepAliveFetcher } from './keep-alive-fetcher';

let server: http.Server;
let base: string;
const connections = new Set<string>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    connections.add(`${req.socket.remotePort}`);
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/fail') {
        res.writeHead(503, 'Service Unavailable', { 'content-type': 'text/plain' }).end('down');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo-method': req.method ?? '', 'set-cookie': ['a=1', 'b=2'] });
      res.end(JSON.stringify({ method: req.method, header: req.headers['x-test'], body, text: 'ünïcode ✓' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('keepAliveFetcher', () => {
  it('sends method, headers and body, and reads status, headers and a JSON body', async () => {
    const response = await keepAliveFetcher(`${base}/graphql`, {
      method: 'POST',
      headers: { 'x-test': 'yes', 'content-type': 'application/json' },
      body: '{"query":"{ a }"}',
    });
    expect(response.ok).toBe(true);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${base}/graphql`);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('x-echo-method')).toBe('POST');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(response.headers.get('missing')).toBeNull();
    expect(await response.json()).toEqual({ method: 'POST', header: 'yes', body: '{"query":"{ a }"}', text: 'ünïcode ✓' });
    // Fully read: the body can be read again, as text too.
    expect(JSON.parse(await response.text()).text).toBe('ünïcode ✓');
  });

  it('reuses the pooled connection for calls one after another', async () => {
    connections.clear();
    for (let i = 0; i < 5; i++) await (await keepAliveFetcher(`${base}/x`)).text();
    expect(connections.size).toBe(1);
  });

  it('answers a non-2xx status as a response, not an error', async () => {
    const response = await keepAliveFetcher(`${base}/fail`);
    expect(response.ok).toBe(false);
    expect(response.status).toBe(503);
    expect(response.statusText).toBe('Service Unavailable');
    expect(await response.text()).toBe('down');
  });

  it('rejects when nothing listens (a service that is down)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(keepAliveFetcher(`http://127.0.0.1:${port}/graphql`, { method: 'POST', body: '{}' })).rejects.toThrow(/ECONNREFUSED/);
  });
});
