import { errorSummary } from './logger';

it('summarises an error as name, message and code, without the objects it carries', () => {
  // pg-pool puts the whole client on the errors of idle connections
  class DatabaseError extends Error {
    code = '57P01';
    client = { connectionParameters: { user: 'postgres', password: 'secret' }, _events: {} };
  }
  const summary = errorSummary(new DatabaseError('terminating connection due to administrator command'));
  expect(summary).toEqual({ name: 'DatabaseError', message: 'terminating connection due to administrator command', code: '57P01' });
  expect(errorSummary(new TypeError('x'))).toEqual({ name: 'TypeError', message: 'x' });
  expect(errorSummary('text')).toEqual({ name: 'string', message: 'text' });
});
