// The V8 settings every platform process starts with (`npm start`, the Kubernetes commands, the
// benches' platform children). Cluster workers inherit them from the primary (process.execArgv).
//
// --max-semi-space-size: V8's young generation, where every request's short-lived objects are made
// (the subgraph's result maps, the gateway's shaping, the JSON text; ~100-300 KB a read). At Node 20's
// default (16 MB a semi-space) a busy process runs a scavenge every ~0.1 s and copies what is still in
// flight each time; at 32 MB half as many scavenges run and fewer objects survive one. Measured on
// the read path (docs/performance.md, "The young generation"): 15-25 % less CPU a request on the deep
// pages (20 sessions through REST, 20 profiles), none on the small reads, ~60 MB more RSS at most.
export const PLATFORM_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
