// [LAST_S=<s>] [SKIP_LAST_S=<s>] [BY=function|layer] npx tsx bench/cpu-profile-summary.ts <file.cpuprofile>... — where a V8 CPU profile's time went,
// by owner of the code that ran (self time): a package of node_modules, a folder of this project,
// Node's own internals by area, GC and idle. Used for docs/performance.md (write flame graphs by
// loading the same .cpuprofile files in Chrome DevTools or speedscope).
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const root = path.resolve(__dirname, '..');

export function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[1] ?? url.slice(5)}`;
  const file = url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = file.slice(modules + 13).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  // This project's folders, wherever the checkout that ran lies.
  const own = /\/(rest-adapter|gateway|platform|subgraphs|bench)\/([^/]+)/.exec(file);
  if (!own) return path.relative(root, file).startsWith('..') ? '(other)' : path.relative(root, file).split(path.sep)[0];
  return own[1] === 'subgraphs' || own[1] === 'platform' ? `${own[1]}/${own[2].replace(/\.ts$/, '')}` : own[1];
}

/** lastMs: only the samples of the profile's last lastMs (the load phase, not the start-up). */
/** BY=layer: owners grouped into the layers docs/performance.md reports. */
const LAYERS: [RegExp, string][] = [
  [/^(graphql|@apollo\/|@graphql-tools|@escape\.tech|graphql-scalars)/, 'GraphQL (parse, validate, plan, execute)'],
  [
    /^(node:_http|node:net|node:stream|node:streams|node:webstreams|node:deps|node:dns|express|router|body-parser|raw-body|content-type|negotiator|@as-integrations|type-is|on-finished|finalhandler|send|helmet|undici|node:internal)/,
    'HTTP transport (servers, fetch, sockets)',
  ],
  [/^subgraphs\/screening/, 'screening engine + search service'],
  [/^(pg|pg-|@prisma|prisma|platform\/db)/, 'database clients'],
  [/^(node:crypto|platform\/principal|platform\/crypto)/, 'crypto (HMAC, hashes, ids)'],
  [/^(pino|prom-client|platform\/logging|platform\/http)/, 'logging, metrics, service frame'],
  [/^\(garbage collector\)/, 'garbage collection'],
  [/^\(idle\)/, '(idle)'],
];

function layerOf(owner: string): string {
  return (
    LAYERS.find(([pattern]) => pattern.test(owner))?.[1] ??
    `other: ${owner.startsWith('node:') || owner.startsWith('(') ? 'node internals, native (JSON, writev)' : owner}`
  );
}

export function summarize(profile: CpuProfile, lastMs = Infinity, skipLastMs = 0): { owner: string; ms: number; share: number }[] {
  const owners = new Map<number, string>(
    profile.nodes.map((node) => {
      const owner = ownerOf(node.callFrame.url, node.callFrame.functionName);
      if (process.env.BY === 'layer') return [node.id, layerOf(owner)];
      return [node.id, process.env.BY === 'function' ? `${owner} ${node.callFrame.functionName || '(anonymous)'}` : owner];
    }),
  );
  const totals = new Map<string, number>();
  let all = 0;
  const span = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  let at = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    // the window: from lastMs before the end to skipLastMs before it (e.g. a bench's run before its peer's)
    if (span - at > lastMs * 1000 || span - at < skipLastMs * 1000) return;
    const owner = owners.get(id) ?? '(unknown)';
    totals.set(owner, (totals.get(owner) ?? 0) + us);
    all += us;
  });
  const busy = all - (totals.get('(idle)') ?? 0);
  return [...totals]
    .map(([owner, us]) => ({ owner, ms: Math.round(us / 1000), share: owner === '(idle)' ? NaN : Math.round((1000 * us) / busy) / 10 }))
    .sort((a, b) => b.ms - a.ms);
}

if (require.main === module) {
  for (const file of process.argv.slice(2)) {
    const rows = summarize(
      JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile,
      Number(process.env.LAST_S ?? Infinity) * 1000,
      Number(process.env.SKIP_LAST_S ?? 0) * 1000,
    );
    console.log(`\n${file}  (share = % of busy time, idle excluded)`);
    console.table(rows.slice(0, Number(process.env.TOP ?? 30)));
  }
}
