// A real IDV assessment for tests: a selfie from one of the shipped photographs
// (/work/shared/data/faces via FACES_DIR) and a synthetic passport whose portrait is another (or the
// same) photograph, captured through the hosted capture API and submitted; the platform's worker
// assesses it. Needs a platform started with the `worker` service (and an isolated database, so
// the worker does not first work through what other test files left queued).
import path from 'node:path';
import sharp from 'sharp';
import { FACES_DIR, renderPassport, specimenPerson } from '../fixtures/idv/specimen-document';
import { captureCall, completeDefaultCapture } from '../idv/capture-helpers';
import { createSession, idv } from '../idv/idv-helpers';
import { TestPlatform, TestTenant } from './test-platform';

/** A camera-like selfie frame (640 px wide JPEG) of a shipped photograph. */
export function selfieFrame(photo: string): Promise<Buffer> {
  return sharp(path.join(FACES_DIR, photo)).rotate().resize({ width: 640, height: 640, fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
}

/** Waits until the worker has assessed the session (or the assessment failed); its REST body. */
export async function waitForAssessment(platform: TestPlatform, tenant: TestTenant, sessionId: string) {
  for (let i = 0; i < 400; i++) {
    const data = (await idv(platform, tenant).get(`/sessions/${sessionId}`)).body.data;
    if (data.status === 'assessed' || data.status === 'failed') return data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`session ${sessionId} was not assessed in time`);
}

/**
 * A session of the profile captured with `selfiePhoto` and a passport of `document` (its `photo`
 * is the portrait), submitted and assessed by the worker. Another person's portrait lands in
 * `requires_review` with face_mismatch.
 */
export async function assessWithFaces(
  platform: TestPlatform,
  tenant: TestTenant,
  profileId: string,
  selfiePhoto: string,
  document: Parameters<typeof specimenPerson>[0],
) {
  const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
  await completeDefaultCapture(platform, id, token, {
    selfie: await selfieFrame(selfiePhoto),
    front: await renderPassport(specimenPerson(document)),
    idType: 'passport',
  });
  const submitted = await captureCall(platform, id, token).submit();
  if (submitted.status !== 202) throw new Error(`submit failed: ${submitted.status} ${submitted.text}`);
  return { id, session: await waitForAssessment(platform, tenant, id) };
}
