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
