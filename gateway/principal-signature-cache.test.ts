import { Principal, PRINCIPAL_LIFETIME_MS, verifyPrincipal } from '../platform/principal/principal';
import { PrincipalSignatureCache } from './principal-signature-cache';

const principal: Principal = { tenantId: 't', workspaceId: 'w', actorId: 'a', kind: 'application', entitlements: {} };

describe('PrincipalSignatureCache', () => {
  it('reuses one signed header per principal for half its lifetime, then signs a fresh one', () => {
    const cache = new PrincipalSignatureCache('s3cret');
    const now = 1_000_000;
    const first = cache.headerFor(principal, now);
    expect(cache.headerFor({ ...principal }, now + PRINCIPAL_LIFETIME_MS / 2 - 1)).toBe(first);
    const renewed = cache.headerFor(principal, now + PRINCIPAL_LIFETIME_MS / 2);
    expect(renewed).not.toBe(first);
    // A reused header is still valid for at least half the lifetime when a subgraph reads it.
    expect(verifyPrincipal(first, 's3cret', now + PRINCIPAL_LIFETIME_MS / 2 - 1)).toEqual(principal);
    expect(verifyPrincipal(renewed, 's3cret', now + PRINCIPAL_LIFETIME_MS)).toEqual(principal);
  });
  it('never hands one principal the header of another', () => {
    const cache = new PrincipalSignatureCache('s3cret');
    const other = { ...principal, workspaceId: 'w2' };
    cache.headerFor(principal, 0);
    expect(verifyPrincipal(cache.headerFor(other, 1), 's3cret', 2)).toEqual(other);
  });
});
