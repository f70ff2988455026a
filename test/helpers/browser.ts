// Headless Chromium for browser tests (Debian `chromium` + playwright-core), with a fake camera
// fed from a .y4m file. When no Chromium is installed the browser tests are skipped and say so in
// one line.
import fs from 'node:fs';
import sharp from 'sharp';

const CANDIDATES = [process.env.VIGIL_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const chromiumPath: string | undefined = CANDIDATES.find(
  (candidate): candidate is string => !!candidate && fs.existsSync(candidate),
);

/** `describe`, or `describe.skip` with one clear line when no browser is present. */
export function describeWithBrowser(name: string, body: () => void): void {
  if (chromiumPath) return describe(name, body);
  process.stdout.write(`SKIPPED browser tests (${name}): no Chromium found (apt-get install chromium, or set VIGIL_CHROMIUM)\n`);
  describe.skip(name, body);
}

/** A .y4m video (4:2:0, BT.601) of `frames` identical frames of an image, for
 * --use-file-for-fake-video-capture. */
export async function y4mFromImage(image: Buffer, file: string, width = 640, height = 480, frames = 20): Promise<void> {
  const { data } = await sharp(image)
    .rotate()
    .resize({ width, height, fit: 'contain', background: '#808080' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      y[row * width + col] = Math.max(0, Math.min(255, Math.round(0.257 * r + 0.504 * g + 0.098 * b + 16)));
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (width / 2) + col / 2;
        u[c] = Math.max(0, Math.min(255, Math.round(-0.148 * r - 0.291 * g + 0.439 * b + 128)));
        v[c] = Math.max(0, Math.min(255, Math.round(0.439 * r - 0.368 * g - 0.071 * b + 128)));
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]),
  );
}

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];
