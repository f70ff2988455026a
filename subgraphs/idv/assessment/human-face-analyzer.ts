// Local face detection and embeddings: @vladmandic/human with the TensorFlow.js wasm backend and
// the models shipped inside the package (no network; Node's fetch has no file:// so model and wasm
// files are served from disk by a scoped fetch shim). Loaded once per process, lazily, on the
// first assessment: never on a request path. The fetch shim is listed in platform/library-patches.ts.
//
// Embeddings: a two-pass read (find the face on a reduced image, then describe a crop around it
// with 40% margin at 512 px) and test-time augmentation (the crop and its mirror image,
// L2-normalised and summed). Calibration on real photographs: docs/idv-capture.md.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FaceAnalyzer, FaceObservation } from './providers';

const CROP_MARGIN = 0.4;
const DESCRIBE_SIDE = 512;
const FIND_SIDE = 800;

/** What this file uses of @vladmandic/human, whose node-wasm build is loaded by file path (below). */
interface HumanTensor {
  dispose(): void;
}
interface HumanFace {
  box: [number, number, number, number];
  score?: number;
  embedding?: number[];
}
interface HumanResult {
  face?: HumanFace[];
  gesture?: { gesture: string }[];
}
interface Human {
  tf: { tensor4d(values: Float32Array, shape: [number, number, number, number], dtype: 'float32'): HumanTensor };
  load(): Promise<void>;
  detect(input: HumanTensor): Promise<HumanResult>;
}
interface HumanModule {
  Human: new (config: object) => Human;
}

let loading: Promise<Human> | null = null;

/** A package's folder (its package.json may not be exported, so walk up from its entry point). */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** Serves file:// URLs from disk (model JSON, weights, wasm); everything else goes to the real fetch. */
function installFileFetch(): void {
  const marker = Symbol.for('vigil.fileFetch');
  const current = globalThis.fetch as typeof fetch & { [key: symbol]: boolean };
  if (current[marker]) return;
  const shim = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (typeof url === 'string' && url.startsWith('file://')) {
      const bytes = await fs.promises.readFile(new URL(url));
      const type = url.endsWith('.json') ? 'application/json' : url.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
      return new Response(bytes, { status: 200, headers: { 'content-type': type } });
    }
    return current(input, init);
  }) as typeof fetch & { [key: symbol]: boolean };
  shim[marker] = true;
  globalThis.fetch = shim;
}

async function loadHuman(): Promise<Human> {
  installFileFetch();
  const humanDir = packageDir('@vladmandic/human');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the node-wasm build is outside the package's exports map, so it is loaded by file path, which Jest's CommonJS transform only supports through require
  const { Human } = require(path.join(humanDir, 'dist', 'human.node-wasm.js')) as HumanModule;
  const human = new Human({
    backend: 'wasm',
    wasmPath: `file://${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}/`,
    modelBasePath: `file://${path.join(humanDir, 'models')}/`,
    debug: false,
    async: false,
    face: {
      enabled: true,
      detector: { rotation: true, maxDetected: 1, minConfidence: 0.3 },
      mesh: { enabled: true },
      iris: { enabled: true },
      description: { enabled: true },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: true },
    segmentation: { enabled: false },
    filter: { enabled: false },
  });
  await human.load();
  return human;
}

function human(): Promise<Human> {
  loading ??= loadHuman().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function detect(h: Human, image: ReturnType<typeof sharp>): Promise<HumanResult> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const tensor = h.tf.tensor4d(Float32Array.from(data), [1, info.height, info.width, 3], 'float32');
  try {
    return await h.detect(tensor);
  } finally {
    tensor.dispose();
  }
}

function normalise(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0)) || 1;
  return vector.map((x) => x / norm);
}

export class HumanFaceAnalyzer implements FaceAnalyzer {
  async analyze(image: Buffer): Promise<FaceObservation | null> {
    const h = await human();
    const source = sharp(image).rotate(); // honour EXIF orientation
    const meta = await sharp(await source.toBuffer()).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (!width || !height) return null;
    const scale = Math.min(1, FIND_SIDE / Math.max(width, height));
    const found = await detect(
      h,
      sharp(image)
        .rotate()
        .resize({ width: Math.round(width * scale) }),
    );
    const first = found.face?.[0];
    if (!first) return null;
    const [bx, by, bw, bh] = first.box;
    const left = Math.max(0, Math.round((bx - bw * CROP_MARGIN) / scale));
    const top = Math.max(0, Math.round((by - bh * CROP_MARGIN) / scale));
    const cropWidth = Math.min(width - left, Math.round((bw * (1 + 2 * CROP_MARGIN)) / scale));
    const cropHeight = Math.min(height - top, Math.round((bh * (1 + 2 * CROP_MARGIN)) / scale));
    const crop = () =>
      sharp(image)
        .rotate()
        .extract({ left, top, width: cropWidth, height: cropHeight })
        .resize({ width: DESCRIBE_SIDE, height: DESCRIBE_SIDE, fit: 'inside' });
    const described = await detect(h, crop());
    const face = described.face?.[0];
    if (!face?.embedding?.length) return null;
    const mirrored = (await detect(h, crop().flop())).face?.[0]?.embedding;
    const embedding = normalise(face.embedding);
    const combined = mirrored?.length ? embedding.map((x, i) => x + normalise(mirrored)[i]) : embedding;
    return {
      score: Number(face.score ?? first.score ?? 0),
      box: [bx / scale, by / scale, bw / scale, bh / scale],
      embedding: combined,
      gestures: (found.gesture ?? []).map((g) => g.gesture),
    };
  }
}
