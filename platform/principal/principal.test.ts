import { signPrincipal, verifyPrincipal, Principal } from './principal';

const principal: Principal = { tenantId: 't', workspaceId: 'w', actorId: 'a', kind: 'application', entitlements: {} };

describe('signed principal header', () => {
  it('round-trips a principal signed with the shared secret', () => {
    expect(verifyPrincipal(signPrincipal(principal, 's3cret'), 's3cret')).toEqual(principal);
  });
  it('refuses a header signed with another secret', () => {
    expect(verifyPrincipal(signPrincipal(principal, 'other'), 's3cret')).toBeUndefined();
  });
  it('refuses a tampered payload', () => {
    const [, signature] = signPrincipal(principal, 's3cret').split('.');
    const forged = Buffer.from(JSON.stringify({ p: { ...principal, tenantId: 'x' }, exp: Date.now() + 1e6 })).toString('base64url');
    expect(verifyPrincipal(`${forged}.${signature}`, 's3cret')).toBeUndefined();
  });
  it('refuses an expired header', () => {
    const header = signPrincipal(principal, 's3cret', Date.now() - 120_000);
    expect(verifyPrincipal(header, 's3cret')).toBeUndefined();
  });
  it('refuses garbage and absence', () => {
    expect(verifyPrincipal('garbage', 's3cret')).toBeUndefined();
    expect(verifyPrincipal(undefined, 's3cret')).toBeUndefined();
  });
});
