import fs from 'node:fs';
import path from 'node:path';
import { GraphQLError } from 'graphql';
import { ERROR_STATUS, httpStatusFor } from './codes';
import { DomainError } from './domain-error';
import { formatError } from './to-graphql-error';

describe('error table', () => {
  it('maps every code to a 4xx or 5xx status', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect([code, status >= 400 && status < 600]).toEqual([code, true]);
    }
  });

  it('documents the IDV statuses of the interface', () => {
    expect(httpStatusFor('idv_profile_not_found')).toBe(400);
    expect(httpStatusFor('idv_session_not_found')).toBe(404);
    expect(httpStatusFor('idv_profile_email_missing')).toBe(422);
    expect(httpStatusFor('idv_profile_lookup_unavailable')).toBe(503);
    expect(httpStatusFor('missing_authentication')).toBe(401);
  });
});

describe('formatError', () => {
  it('turns a domain error into its code and status', () => {
    const formatted = formatError({ message: 'x' }, new DomainError('idv_review_terminal', 'Review is final'));
    expect(formatted).toEqual({
      message: 'Review is final',
      path: undefined,
      extensions: { code: 'idv_review_terminal', http: { status: 409 } },
    });
  });

  it('hides unknown failures behind a generic error', () => {
    const secret = new Error('connection to db-primary.internal:5432 refused (password=hunter2)');
    const formatted = formatError(
      { message: secret.message, extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      new GraphQLError(secret.message, { originalError: secret }),
    );
    expect(formatted.message).toBe('Internal error');
    expect(JSON.stringify(formatted)).not.toContain('hunter2');
    expect(formatted.extensions).toEqual({ code: 'internal_error', http: { status: 500 } });
  });

  it("treats GraphQL document errors as the caller's fault", () => {
    const formatted = formatError(
      { message: 'Cannot query field', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
      new GraphQLError('Cannot query field'),
    );
    expect(formatted.extensions).toEqual({ code: 'schema_validation_failed', http: { status: 400 } });
  });
});

describe('docs/errors.md', () => {
  it('documents every code with its status', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/errors.md'), 'utf8');
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const row = doc.split('\n').find(
        (line) =>
          line.startsWith('|') &&
          line
            .split('|')[1]
            .split(',')
            .map((c) => c.trim())
            .includes(code),
      );
      expect([code, row?.split('|')[2].trim()]).toEqual([code, String(status)]);
    }
  });
});
