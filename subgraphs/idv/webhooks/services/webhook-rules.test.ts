import { retryDelayMs, RETRY_DELAYS_MS } from './backoff';
import { buildPayload } from './event-payload';
import { sign, signatureHeader, verifySignature } from './signing';
import { isBlockedAddress, urlProblem } from './url-guard';
import { classifySmtpError } from '../../invites/services/mailer';

describe('Standard Webhooks signatures', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  it('matches the reference vector of the Standard Webhooks specification', () => {
    // standard-webhooks test vector: id msg_p5jXN8AQM9LWM0D4loKWxJek, timestamp 1614265330.
    const body = '{"test": 2432232314}';
    expect(sign(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('carries one signature per live secret during a rotation; either verifies', () => {
    const next = 'whsec_' + Buffer.from('another key of 24 bytes!').toString('base64');
    const now = Date.now();
    const ts = Math.floor(now / 1000);
    const header = signatureHeader([next, secret], 'evt_1', ts, '{}');
    expect(header.split(' ')).toHaveLength(2);
    expect(verifySignature(secret, { id: 'evt_1', timestamp: String(ts), signature: header }, '{}', 300, now)).toBe(true);
    expect(verifySignature(next, { id: 'evt_1', timestamp: String(ts), signature: header }, '{}', 300, now)).toBe(true);
    expect(verifySignature(next, { id: 'evt_1', timestamp: String(ts), signature: header }, '{"x":1}', 300, now)).toBe(false);
    expect(verifySignature(next, { id: 'evt_1', timestamp: String(ts - 3600), signature: header }, '{}', 300, now)).toBe(false);
  });
});

describe('destination URLs', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
  ])('%s is blocked', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });
  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888'])('%s is public', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
  it('refuses private, metadata and odd URLs unless allowed', () => {
    expect(urlProblem('https://hooks.bank.example/in', false)).toBeNull();
    expect(urlProblem('http://169.254.169.254/latest/meta-data', false)).toMatch(/private|metadata/);
    expect(urlProblem('http://metadata.google.internal/', false)).toMatch(/metadata/);
    expect(urlProblem('http://localhost:8080/', false)).toMatch(/local/);
    expect(urlProblem('http://[::1]:8080/', false)).toMatch(/private/);
    expect(urlProblem('https://user:pw@hooks.example/', false)).toMatch(/credentials/);
    expect(urlProblem('ftp://hooks.example/', false)).toMatch(/https/);
    expect(urlProblem('http://127.0.0.1:9000/hooks', true)).toBeNull();
  });
});

describe('retry schedule', () => {
  it('spans about a day, with jitter, then stops', () => {
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / 3600_000).toBeGreaterThan(20);
    expect(total / 3600_000).toBeLessThan(28);
    expect(retryDelayMs(1, 1, () => 0)).toBe(4000);
    expect(retryDelayMs(1, 1, () => 1)).toBe(6000);
    expect(retryDelayMs(RETRY_DELAYS_MS.length + 1, 1)).toBeNull();
  });
});

describe('payloads', () => {
  it('keep ids, states and outcomes only; meta values are strings', () => {
    const payload = buildPayload({
      id: 'evt_1',
      type: 'idv.session.completed',
      workspaceId: 'ws_1',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      payload: {
        session_id: 's',
        profile_id: 'p',
        flag_categories: ['document', 'idv'],
        outcome: 'requires_review',
        email: 'a@b.c',
        name: 'Ada',
        legal_hold: true,
      },
    });
    expect(payload.data).toEqual({ session_id: 's', profile_id: 'p', flag_categories: ['document', 'idv'], outcome: 'requires_review' });
    expect(payload.meta).toEqual({
      event_type: 'idv.session.completed',
      session_id: 's',
      profile_id: 'p',
      flag_categories: 'document,idv',
      outcome: 'requires_review',
    });
  });
});

describe('SMTP outcomes', () => {
  it('classifies provider answers', () => {
    expect(classifySmtpError(Object.assign(new Error('x'), { responseCode: 550 })).kind).toBe('rejected');
    expect(classifySmtpError(Object.assign(new Error('x'), { responseCode: 451 })).kind).toBe('transient');
    expect(classifySmtpError(Object.assign(new Error('x'), { code: 'ECONNECTION', command: 'CONN' })).kind).toBe('transient');
    expect(classifySmtpError(Object.assign(new Error('x'), { code: 'ETIMEDOUT', command: 'DATA' })).kind).toBe('ambiguous');
  });
});
