// Health, readiness, metrics, and the request id carried from the REST adapter through the
// gateway to the subgraphs (observed by a recording proxy in front of one subgraph).
import http from 'node:http';
import { startGateway } from '../../gateway/gateway-server';
import { listen, RunningServer } from '../../platform/http/service-app';
import { PRINCIPAL_HEADER, REQUEST_ID_HEADER, verifyPrincipal } from '../../platform/principal/principal';
import { createRestApp } from '../../rest-adapter/rest-server';
import { indexStatus } from '../screening/screening-helpers';
import { waitFor } from '../helpers/webhook-receiver';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform, { riskAssessments: true });
});
afterAll(() => platform.close());

describe('health and metrics', () => {
  it.each(['rest-adapter', 'gateway', 'profiles', 'idv', 'screening', 'risk', 'access'] as const)(
    '%s answers /healthz, /readyz and /metrics',
    async (service) => {
      const base = platform.urls[service]!.replace(/\/graphql$/, '');
      const health = await request(base, 'GET', '/healthz');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok', service });
      // Screening is ready once its first index is built from the database (started in the
      // background; on a busy machine it can take a few seconds after the platform answers).
      if (service === 'screening')
        await waitFor(async () => (await indexStatus(platform.urls.screening!)).ready, 60_000, 'the first index');
      const ready = await request(base, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect((await request(base, 'GET', '/metrics')).status).toBe(401);
      const metrics = await request(base, 'GET', '/metrics', { headers: { Authorization: `Bearer ${process.env.VIGIL_OPERATOR_TOKEN}` } });
      expect(metrics.status).toBe(200);
      expect(metrics.text).toContain('vigil_http_request_duration_seconds');
    },
  );

  it('the REST adapter is not ready when the gateway is down', async () => {
    const orphan = await listen(createRestApp({ gatewayUrl: 'http://127.0.0.1:1/graphql', publicBaseUrl: 'http://x', port: 0 }), 0);
    try {
      expect((await request(orphan.url, 'GET', '/readyz')).status).toBe(503);
      expect((await request(orphan.url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await orphan.close();
    }
  });
});

describe('request id and principal forwarding', () => {
  let proxy: RunningServer;
  let gateway: RunningServer;
  let rest: RunningServer;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    const target = new URL(platform.urls.risk!);
    const server = http.createServer((req, res) => {
      seen.push(req.headers);
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    proxy = { url: `http://127.0.0.1:${port}`, port, close: () => new Promise((r) => server.close(() => r())) };
    const urls = {
      profiles: platform.urls.profiles!,
      idv: platform.urls.idv!,
      screening: platform.urls.screening!,
      risk: `${proxy.url}/graphql`,
      access: platform.urls.access!,
    };
    gateway = await startGateway({ db: platform.db, config: platform.config, subgraphUrls: urls, port: 0 });
    rest = await listen(createRestApp({ gatewayUrl: gateway.url, publicBaseUrl: 'http://x', port: 0 }), 0);
  });
  afterAll(async () => {
    await rest.close();
    await gateway.close();
    await proxy.close();
  });

  it('carries the caller request id to the subgraph, with a valid signed principal', async () => {
    const response = await request(rest.url, 'POST', '/risk-assessments/v2/assessments', {
      headers: { ...auth.apiKey(tenant.apiKey), [REQUEST_ID_HEADER]: 'trace-abc-123' },
      body: { title: 'traced', subjects: [{ type: 'individual', name: 'Ada Lovelace' }] },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe('trace-abc-123');
    const call = seen.find((headers) => headers[REQUEST_ID_HEADER] === 'trace-abc-123');
    expect(call).toBeDefined();
    const principal = verifyPrincipal(call![PRINCIPAL_HEADER] as string, platform.config.internalSecret);
    expect(principal).toMatchObject({ tenantId: tenant.tenantId, workspaceId: tenant.workspaceId, kind: 'application' });
    expect(call!.authorization).toBeUndefined();
  });

  it('invents a request id when the caller sends none', async () => {
    const response = await request(rest.url, 'GET', '/risk-assessments/v2/assessments/ra_x', { headers: auth.apiKey(tenant.apiKey) });
    expect(response.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
