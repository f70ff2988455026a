import { Writable } from 'node:stream';
import pino from 'pino';
import { lazyChildLogger } from './lazy-child-logger';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  return { lines, logger: pino({ level: 'info', redact: { paths: ['*.token'], censor: '[redacted]' } }, stream) };
}

describe('lazyChildLogger', () => {
  it('logs with the bindings, redaction and level of a real child', () => {
    const { lines, logger } = capturingLogger();
    const parent = logger.child({ service: 'rest-adapter' });
    const log = lazyChildLogger(parent, { requestId: 'r1' });
    log.info({ detail: { token: 'secret' } }, 'hello');
    log.child({ tenantId: 't1' }).warn('nested');
    log.debug('below the level');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ service: 'rest-adapter', requestId: 'r1', msg: 'hello', detail: { token: '[redacted]' } });
    expect(lines[1]).toMatchObject({ service: 'rest-adapter', requestId: 'r1', tenantId: 't1', msg: 'nested' });
    expect(log.isLevelEnabled('info')).toBe(true);
  });

  it('creates no child until it is used, and one at most', () => {
    const { logger } = capturingLogger();
    const child = jest.spyOn(logger, 'child');
    const log = lazyChildLogger(logger, { requestId: 'r2' });
    expect(child).not.toHaveBeenCalled();
    log.info('one');
    log.info('two');
    expect(child).toHaveBeenCalledTimes(1);
  });
});
