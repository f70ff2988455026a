// `npm start`'s conveniences for one developer on one machine: the playground opens with the demo
// workspace's API key in its page, and invite emails (capture links included) are listed at
// /_dev/mail when no SMTP relay is configured. Whoever can load those pages can use the demo key,
// or complete someone else's verification with a link, so they are served only when nobody else
// can reach them and the data is throwaway: the embedded default database AND services bound to
// loopback. Otherwise the playground has a placeholder key and /_dev/mail answers 404.

export interface LocalConveniences {
  /** True: embed the demo key in the playground and list local mail. */
  enabled: boolean;
  /** Why they are off (for the banner); undefined when enabled. */
  reason?: string;
}

/** `host`: VIGIL_HOST, the address the services bind. `databaseConfigured`: DATABASE_URL was set
 * (not the embedded default). */
export function localConveniences(start: { host: string; databaseConfigured: boolean }): LocalConveniences {
  const reasons: string[] = [];
  if (start.databaseConfigured) reasons.push('DATABASE_URL is set (not the embedded default database)');
  if (!isLoopbackHost(start.host)) reasons.push(`VIGIL_HOST ${start.host} is not a loopback address`);
  return reasons.length === 0 ? { enabled: true } : { enabled: false, reason: reasons.join('; ') };
}

/** 127.0.0.1 (any of 127.0.0.0/8), localhost, ::1 (bracketed or not). 0.0.0.0 and :: bind every
 * interface: not loopback. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}
