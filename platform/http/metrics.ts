import client from 'prom-client';

/** One registry per process; every service in the process labels its own series. */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new client.Histogram({
  name: 'vigil_http_request_duration_seconds',
  help: 'HTTP request duration by service, method, route and status',
  labelNames: ['service', 'method', 'route', 'status'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const dbOperationDuration = new client.Histogram({
  name: 'vigil_db_operation_duration_seconds',
  help: 'Database operations by Prisma model and operation',
  labelNames: ['model', 'operation'],
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [metricsRegistry],
});
