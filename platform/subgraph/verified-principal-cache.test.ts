import { Principal, signPrincipal } from '../principal/principal';
import { VerifiedPrincipalCache } from './verified-principal-cache';

const principal: Principal = {
  tenantId: 't1',
  workspaceId: 'w1',
  actorId: 'a1',
  kind: 'application',
  entitlements: { watchlistAdmin: true },
};

describe('VerifiedPrincipalCache', () => {
  it('answers a verified header again until its own expiry, as a fresh copy each time', () => {
    const cache = new VerifiedPrincipalCache('s3cret');
    const header = signPrincipal(principal, 's3cret', 1_000, 60_000);
    const first = cache.verify(header, 2_000)!;
    expect(first).toEqual(principal);
    first.tenantId = 'changed by a resolver';
    expect(cache.verify(header, 60_999)).toEqual(principal);
    expect(cache.verify(header, 61_000)).toBeUndefined(); // expired, although remembered
    expect(cache.verify(header, 2_000)).toEqual(principal); // dropped, so verified again from the header
  });

  it('refuses forged, foreign, malformed and missing headers', () => {
    const cache = new VerifiedPrincipalCache('s3cret');
    const valid = signPrincipal(principal, 's3cret', 1_000);
    expect(cache.verify(valid, 2_000)).toEqual(principal);
    const [payload] = valid.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ p: { ...principal, tenantId: 't2' }, exp: 9e15 })).toString('base64url');
    expect(cache.verify(`${forgedPayload}.${valid.split('.')[1]}`, 2_000)).toBeUndefined();
    expect(cache.verify(`${payload}.AAAA`, 2_000)).toBeUndefined();
    expect(cache.verify(signPrincipal(principal, 'other', 1_000), 2_000)).toBeUndefined();
    expect(cache.verify('garbage', 2_000)).toBeUndefined();
    expect(cache.verify(undefined, 2_000)).toBeUndefined();
  });
});
