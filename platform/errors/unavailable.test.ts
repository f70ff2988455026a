import { isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { code }, extra);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['pg: connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED', { syscall: 'connect', errno: -111 })],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg: connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pg-pool: checkout timeout', new Error('timeout exceeded when trying to connect')],
    ['PostgreSQL: admin shutdown', withCode('terminating connection due to administrator command', '57P01', { severity: 'FATAL' })],
    ['PostgreSQL: starting up', withCode('the database system is starting up', '57P03', { severity: 'FATAL' })],
    ['PostgreSQL: connection exception', withCode('connection failure', '08006', { severity: 'FATAL' })],
    ['Prisma P1001', withCode("Can't reach database server at `localhost:5432`", 'P1001')],
    ['Prisma P1017', withCode('Server has closed the connection.', 'P1017')],
    ['Prisma P2024', withCode('Timed out fetching a new connection from the connection pool.', 'P2024')],
    [
      'Prisma P2028, no connection for a transaction',
      withCode('Transaction API error: Unable to start a transaction in the given time.', 'P2028'),
    ],
    ['Prisma initialization', Object.assign(new Error('init failed'), { errorCode: 'P1001' })],
    [
      'driver adapter error in meta',
      withCode('driver failed', 'P2010', { meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable', host: 'db' } } } }),
    ],
    ['driver adapter postgres kind', Object.assign(new Error('x'), { cause: { kind: 'postgres', code: '57P01', severity: 'FATAL' } })],
    ['wrapped in a cause', new Error('query failed', { cause: new Error('Connection terminated unexpectedly') })],
    ['GraphQL originalError', Object.assign(new Error('Context creation failed'), { originalError: withCode('refused', 'ECONNREFUSED') })],
    ['AggregateError (dual stack)', Object.assign(new AggregateError([withCode('a', 'ECONNREFUSED')], ''), { code: undefined })],
  ])('%s: unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a unique violation', withCode('Unique constraint failed', 'P2002')],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601', { severity: 'ERROR' })],
    ['authentication failed', withCode('password authentication failed', '28P01', { severity: 'FATAL' })],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s: not unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on cycles', () => {
    const error: Error & { cause?: unknown } = new Error('loop');
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
