/** Append-only Int32 buffer (doubling), for building postings without per-item objects. */
export class GrowableInt32 {
  data: Int32Array;
  length = 0;
  constructor(initial = 1024) {
    this.data = new Int32Array(initial);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** Compressed sparse rows: postings of key k are values[offsets[k] .. offsets[k+1]). */
export interface Csr {
  offsets: Int32Array;
  values: Int32Array;
}

/** Builds CSR from parallel (key, value) lists by counting sort; values keep insertion order, duplicates removed. */
export function buildCsr(keys: GrowableInt32, values: GrowableInt32, keyCount: number): Csr {
  const offsets = new Int32Array(keyCount + 1);
  const k = keys.data;
  const v = values.data;
  const n = keys.length;
  for (let i = 0; i < n; i++) offsets[k[i] + 1]++;
  for (let i = 0; i < keyCount; i++) offsets[i + 1] += offsets[i];
  const fill = offsets.slice(0, keyCount);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const key = k[i];
    const pos = fill[key];
    // skip a value equal to the previous one of the same key (a name with a repeated token)
    if (pos > offsets[key] && out[pos - 1] === v[i]) continue;
    out[pos] = v[i];
    fill[key] = pos + 1;
  }
  // compact away the skipped slots
  let w = 0;
  const newOffsets = new Int32Array(keyCount + 1);
  for (let key = 0; key < keyCount; key++) {
    newOffsets[key] = w;
    for (let p = offsets[key]; p < fill[key]; p++) out[w++] = out[p];
  }
  newOffsets[keyCount] = w;
  return { offsets: newOffsets, values: out.slice(0, w) };
}

/** Flips the sign bit: signed 32-bit order becomes unsigned order. */
const SIGN_BIT = 0x80000000;

/**
 * CSR over 32-bit hashes: a hash's key is its position among the distinct hashes, ascending (`hashes`); values keep
 * insertion order, a value equal to the previous one of the same key skipped (as buildCsr). A stable radix sort of the
 * pairs by hash (two 16-bit passes) does in linear time what sorting the hashes, finding each pair's hash by binary search
 * and a counting sort by key did. Reorders the pairs of `keys` and `values` in place (they are spent).
 */
export function buildHashCsr(keys: GrowableInt32, values: GrowableInt32): { hashes: Int32Array; csr: Csr } {
  const n = keys.length;
  let k: Int32Array = keys.data;
  let v: Int32Array = values.data;
  let kTo: Int32Array = new Int32Array(n);
  let vTo: Int32Array = new Int32Array(n);
  for (const shift of [0, 16]) {
    const start = new Int32Array(65537);
    for (let i = 0; i < n; i++) start[(((k[i] ^ SIGN_BIT) >>> shift) & 0xffff) + 1]++;
    for (let d = 0; d < 65536; d++) start[d + 1] += start[d];
    for (let i = 0; i < n; i++) {
      const at = start[((k[i] ^ SIGN_BIT) >>> shift) & 0xffff]++;
      kTo[at] = k[i];
      vTo[at] = v[i];
    }
    [k, kTo] = [kTo, k];
    [v, vTo] = [vTo, v];
  }
  let distinct = 0;
  for (let i = 0; i < n; i++) if (i === 0 || k[i] !== k[i - 1]) distinct++;
  const hashes = new Int32Array(distinct);
  const offsets = new Int32Array(distinct + 1);
  let key = -1;
  let w = 0;
  for (let i = 0; i < n; i++) {
    if (i === 0 || k[i] !== k[i - 1]) {
      hashes[++key] = k[i];
      offsets[key] = w;
    } else if (v[i] === v[w - 1]) continue;
    v[w++] = v[i];
  }
  offsets[distinct] = w;
  return { hashes, csr: { offsets, values: v.slice(0, w) } };
}
