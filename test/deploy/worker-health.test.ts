// The worker's probe endpoints (VIGIL_WORKER_PORT), which the Kubernetes manifests and
// docker-compose point their liveness and readiness probes at (docs/deployment.md).
import { startWorkerHealth } from '../../app/worker';
import type { Db } from '../../platform/db/prisma';
import { startTestPlatform, TestPlatform } from '../helpers/test-platform';

describe('worker probe endpoints', () => {
  let platform: TestPlatform | undefined;

  afterAll(async () => {
    await platform?.close();
  });

  it('serves /healthz and /readyz beside the running worker when VIGIL_WORKER_PORT is set', async () => {
    process.env.VIGIL_WORKER_PORT = '0';
    try {
      platform = await startTestPlatform({ services: ['worker'], isolatedDatabase: true });
    } finally {
      delete process.env.VIGIL_WORKER_PORT;
    }
    const base = platform.urls.worker!;
    expect(base).toMatch(/^http:\/\//);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', service: 'worker' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', service: 'worker' });
  });

  it('answers /readyz 503 while its database does not answer, and /healthz 200 all the same', async () => {
    const unreachable = {
      $queryRaw: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    } as unknown as Db;
    const server = await startWorkerHealth(unreachable, 0, '127.0.0.1');
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', service: 'worker' });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
