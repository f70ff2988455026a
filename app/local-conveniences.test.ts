import { isLoopbackHost, localConveniences } from './local-conveniences';

describe('local conveniences (demo key in the playground, /_dev/mail)', () => {
  it.each(['127.0.0.1', 'localhost', 'LOCALHOST', '::1', '[::1]', '127.0.1.1'])('on for the embedded default bound to %s', (host) => {
    expect(localConveniences({ host, databaseConfigured: false })).toEqual({ enabled: true });
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'vigil.example.com', '127.0.0.1.example.com', 'localhost.example.com'])(
    'off for a non-loopback host %s, and the banner says why',
    (host) => {
      const decision = localConveniences({ host, databaseConfigured: false });
      expect(decision.enabled).toBe(false);
      expect(decision.reason).toContain(`VIGIL_HOST ${host}`);
    },
  );

  it('off for a DATABASE_URL start, even on loopback', () => {
    const decision = localConveniences({ host: '127.0.0.1', databaseConfigured: true });
    expect(decision.enabled).toBe(false);
    expect(decision.reason).toContain('DATABASE_URL');
  });

  it('off with both reasons named', () => {
    expect(localConveniences({ host: '0.0.0.0', databaseConfigured: true }).reason).toMatch(/DATABASE_URL.*VIGIL_HOST 0\.0\.0\.0/);
  });

  it('knows loopback addresses', () => {
    expect([isLoopbackHost('127.0.0.1'), isLoopbackHost('::1'), isLoopbackHost('0.0.0.0'), isLoopbackHost('::ffff:10.0.0.1')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
