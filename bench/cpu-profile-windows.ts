// npx tsx bench/cpu-profile-windows.ts <file.cpuprofile> — a platform CPU profile of `bench:read-path`
// cut into its busy windows (the seeding, then one window per path: the platform's runs at 16 and 50
// connections, separated by the peer's runs while the platform idles), and per window the busy CPU
// and the INCLUSIVE share of a few frames (what runs under them counts): the gateway's result
// shaping (the library's `computeResponse` or the planned one), `toJsonValues`, graphql-js execution
// (the subgraphs', resolvers included), the REST mappings, and the collector. cpu-profile-summary.ts
// gives self time by owner; this one answers "how much of this path is X".
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const FRAMES: Record<string, (node: ProfileNode) => boolean> = {
  'result shaping': ({ callFrame: { functionName, url } }) =>
    (functionName === 'computeResponse' && url.includes('resultShaping')) || functionName === 'computeResponsePlanned',
  toJsonValues: ({ callFrame }) => callFrame.functionName === 'toJsonValues',
  'graphql-js execution': ({ callFrame }) => callFrame.url.includes('graphql/execution/execute'),
  // The compiled executor and graphql-jit's runtime (the code it generates has no url: its own
  // frames and the continuations of async resolvers below them count only under these).
  'compiled execution': ({ callFrame }) => callFrame.url.includes('graphql-jit/dist') || callFrame.url.includes('compiled-execution'),
  'REST mapping': ({ callFrame }) => callFrame.url.includes('rest-adapter/routes'),
  GC: ({ callFrame }) => callFrame.functionName === '(garbage collector)',
};

/** A bin counts as busy above this many ms of CPU per second; this many quiet seconds end a window. */
const BUSY_MS = 300;
const QUIET_BINS = 3;

function windows(profile: CpuProfile): string[] {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const framesOf = new Map<number, string[]>();
  const under = (id: number): string[] => {
    let found = framesOf.get(id);
    if (found) return found;
    const names = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!;
      for (const [name, matches] of Object.entries(FRAMES)) if (matches(node)) names.add(name);
    }
    found = [...names];
    framesOf.set(id, found);
    return found;
  };
  // One-second bins of busy CPU (idle excluded) and of each frame's inclusive time.
  const bins: { busy: number; frames: Record<string, number> }[] = [];
  let elapsed = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    elapsed += profile.timeDeltas[i];
    const bin = Math.floor(elapsed / 1e6);
    while (bins.length <= bin) bins.push({ busy: 0, frames: {} });
    const node = byId.get(profile.samples[i])!;
    if (node.callFrame.functionName === '(idle)') continue;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    bins[bin].busy += ms;
    for (const name of under(node.id)) bins[bin].frames[name] = (bins[bin].frames[name] ?? 0) + ms;
  }
  const spans: { from: number; to: number }[] = [];
  let open: { from: number; to: number } | undefined;
  let quiet = 0;
  bins.forEach((bin, index) => {
    if (bin.busy > BUSY_MS) {
      open ??= { from: index, to: index };
      open.to = index;
      quiet = 0;
    } else if (open && ++quiet >= QUIET_BINS) {
      spans.push(open);
      open = undefined;
    }
  });
  if (open) spans.push(open);
  return spans.map(({ from, to }) => {
    let busy = 0;
    const totals: Record<string, number> = {};
    for (const bin of bins.slice(from, to + 1)) {
      busy += bin.busy;
      for (const [name, ms] of Object.entries(bin.frames)) totals[name] = (totals[name] ?? 0) + ms;
    }
    const shares = Object.keys(FRAMES).map((name) => `${name} ${((100 * (totals[name] ?? 0)) / busy).toFixed(1)} %`);
    return `${from}-${to} s, busy ${Math.round(busy)} ms: ${shares.join(', ')}`;
  });
}

for (const file of process.argv.slice(2)) {
  console.log(file);
  for (const line of windows(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile)) console.log(`  ${line}`);
}
