// Capture-plane helpers: real image bytes (sharp), uploads through the REST adapter with the
// session's capture credential, and a session walked through consent and capture.
import sharp from 'sharp';
import { request, TestPlatform } from '../helpers/test-platform';
import { capture } from './idv-helpers';

/** A real JPEG (or PNG) of the given size: a plain colour field with a little noise. */
export async function testImage(width = 320, height = 240, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 120, g: 140, b: 160 }, noise: { type: 'gaussian', mean: 128, sigma: 20 } },
  });
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

export function uploadArtifact(
  platform: TestPlatform,
  sessionId: string,
  token: string,
  query: Record<string, string | number>,
  bytes: Buffer,
  contentType = 'image/jpeg',
) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return request(platform.restUrl, 'POST', `/idv/v1/sessions/${sessionId}/artifacts?${search}`, {
    headers: { ...capture(token), 'content-type': contentType },
    rawBody: bytes,
  });
}

export function captureCall(platform: TestPlatform, sessionId: string, token: string) {
  const headers = capture(token);
  return {
    view: () => request(platform.restUrl, 'GET', `/idv/v1/sessions/${sessionId}/capture`, { headers }),
    consent: (body: unknown = { accepted: true }, extra: Record<string, string> = {}) =>
      request(platform.restUrl, 'POST', `/idv/v1/sessions/${sessionId}/consent`, { headers: { ...headers, ...extra }, body }),
    answers: (body: unknown) => request(platform.restUrl, 'POST', `/idv/v1/sessions/${sessionId}/answers`, { headers, body }),
    submit: () => request(platform.restUrl, 'POST', `/idv/v1/sessions/${sessionId}/submit`, { headers }),
  };
}

/** Consent, then every artifact of the default liveness_and_id flow (selfie, id front and back). */
export async function completeDefaultCapture(
  platform: TestPlatform,
  sessionId: string,
  token: string,
  images: { selfie?: Buffer; front?: Buffer; back?: Buffer; idType?: string } = {},
) {
  const calls = captureCall(platform, sessionId, token);
  const consent = await calls.consent();
  if (consent.status !== 200) throw new Error(`consent failed: ${consent.status} ${consent.text}`);
  const image = await testImage();
  const uploads: [Record<string, string | number>, Buffer][] = [
    [{ kind: 'selfie', step_id: 'liveness', frame: 0 }, images.selfie ?? image],
    [{ kind: 'id_front', step_id: 'id_capture', ...(images.idType ? { id_type: images.idType } : {}) }, images.front ?? image],
  ];
  if (images.idType !== 'passport') uploads.push([{ kind: 'id_back', step_id: 'id_capture' }, images.back ?? image]);
  for (const [query, bytes] of uploads) {
    const response = await uploadArtifact(platform, sessionId, token, query, bytes);
    if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
  }
}
