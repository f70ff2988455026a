// Webhook destinations may not point into the installation's own network (SSRF): private,
// loopback, link-local, carrier-grade NAT, unique-local and cloud metadata addresses are refused,
// both when a URL is saved (literal addresses and names) and at every delivery (the name's current
// addresses). An operator setting (VIGIL_WEBHOOK_ALLOW_PRIVATE_NETWORKS=true) lifts this for
// installations whose receivers live inside the bank's network, and for tests.
import dns from 'node:dns/promises';
import net from 'node:net';

const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

export function isBlockedAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const value = v4ToInt(address);
    return BLOCKED_V4.some(([base, bits]) => value >>> (32 - bits) === v4ToInt(base) >>> (32 - bits));
  }
  if (net.isIPv6(address)) {
    const a = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
    if (mapped) return isBlockedAddress(mapped[1]);
    return a === '::' || a === '::1' || /^f[cd]/.test(a) || /^fe[89ab]/.test(a) || /^ff/.test(a) || a.startsWith('fd00:ec2::254');
  }
  return true;
}

const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

/** Why a URL may not be a destination, or null when it may. */
export function urlProblem(text: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use https (or http)';
  if (url.username || url.password) return 'must not carry credentials';
  if (url.hash) return 'must not carry a fragment';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (METADATA_NAMES.has(host.toLowerCase()) || host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost'))
    return 'must not point at a local or metadata host';
  if (net.isIP(host) && isBlockedAddress(host)) return 'must not point at a private, loopback, link-local or metadata address';
  return null;
}

/** At delivery time: refuses names that currently resolve into a blocked range. */
export async function resolvesToBlocked(text: string, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return false;
  const host = new URL(text).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return isBlockedAddress(host);
  try {
    const addresses = await dns.lookup(host, { all: true });
    return addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address));
  } catch {
    return false; // unresolvable: the attempt fails as a connection error instead
  }
}
