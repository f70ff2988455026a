// The HTTP client between Vigil's own services (gateway → subgraph, REST adapter → gateway) when
// they run in separate processes: node:http over pooled keep-alive connections.
//
// Node's global fetch (undici) was the largest single cost of a web process calling the screening
// primary in `npm start`'s cluster: in CPU profiles of a REST search-sync, undici and its WHATWG
// streams took 23 % of the web process's busy time, more than the gateway itself
// (docs/performance.md). These calls need none of what fetch adds (streams, CORS, redirects):
// one JSON body out, one JSON body back, on a connection kept open.
import http from 'node:http';
import https from 'node:https';
import type { Fetcher, FetcherHeaders, FetcherRequestInit, FetcherResponse } from '@apollo/utils.fetcher';

/** Inactivity limit of a call (undici's default header and body timeouts are 300 s too). */
const SOCKET_TIMEOUT_MS = 300_000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo' }),
  'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo' }),
};

/** Response headers (lower-cased names, as node:http gives them); read-only in practice. */
class ResponseHeaders implements FetcherHeaders {
  private readonly byName = new Map<string, string>();

  constructor(raw: http.IncomingHttpHeaders) {
    for (const name in raw) {
      const value = raw[name];
      if (value !== undefined) this.byName.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
  }
  get(name: string): string | null {
    return this.byName.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.byName.has(name.toLowerCase());
  }
  set(name: string, value: string): void {
    this.byName.set(name.toLowerCase(), value);
  }
  append(name: string, value: string): void {
    const existing = this.get(name);
    this.set(name, existing === null ? value : `${existing}, ${value}`);
  }
  delete(name: string): void {
    this.byName.delete(name.toLowerCase());
  }
  entries(): IterableIterator<[string, string]> {
    return this.byName.entries();
  }
  keys(): IterableIterator<string> {
    return this.byName.keys();
  }
  values(): IterableIterator<string> {
    return this.byName.values();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.byName.entries();
  }
}

/** A fully read response: the body is already in memory, so it may be read more than once. */
class BufferedResponse implements FetcherResponse {
  readonly bodyUsed = false;
  readonly redirected = false;
  readonly ok: boolean;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly headers: ResponseHeaders,
    private readonly body: Buffer,
  ) {
    this.ok = status >= 200 && status < 300;
  }
  async text(): Promise<string> {
    return this.body.toString('utf8');
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.body.toString('utf8'));
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.body).buffer;
  }
  clone(): FetcherResponse {
    return this;
  }
}

/** One request over a pooled keep-alive connection; network failures reject, as fetch's do. */
export const keepAliveFetcher: Fetcher = (url: string, init: FetcherRequestInit = {}) =>
  new Promise<FetcherResponse>((resolve, reject) => {
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : http;
    const agent = agents[target.protocol as keyof typeof agents];
    const request = transport.request(
      target,
      { method: init.method ?? 'GET', headers: init.headers, agent, timeout: SOCKET_TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
          resolve(
            new BufferedResponse(url, response.statusCode ?? 0, response.statusMessage ?? '', new ResponseHeaders(response.headers), body),
          );
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${target.host} within ${SOCKET_TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(init.body);
  });
