// GraphQL ⇄ capture-plane services (thin). Artifact bytes never travel through GraphQL: the REST
// adapter seals and stores an upload and passes its reference (attachCaptureArtifact).
import { BlobStore } from '../../../../platform/blobs';
import { invalidField } from '../../errors';
import { toCaptureSession } from '../services/capture-projection';
import {
  AnswerInput,
  readCaptureSession,
  recordCaptureAnswers,
  recordCaptureArtifact,
  recordCaptureConsent,
  StoredArtifactInput,
  submitCapture,
} from '../services/capture-service';
import { exchangeCaptureCredential } from '../services/capture-session-service';
import { storedArtifactCheck } from '../services/stored-artifact-check';
import type { CaptureAnswerInput, Resolvers } from '../../resolvers/resolver-types.generated';

/** The one value slot an answer sets (exactly one must be set). */
function answerValue(answer: CaptureAnswerInput, index: number): AnswerInput {
  const set = (['text', 'number', 'boolean', 'choices'] as const).filter((slot) => answer[slot] !== undefined && answer[slot] !== null);
  if (set.length !== 1) throw invalidField(`body.answers[${index}].value`, 'exactly one answer value is required');
  return { questionId: answer.questionId, value: answer[set[0]] };
}

export function createCaptureResolvers(options: { blobs: BlobStore }) {
  return {
    Query: {
      captureSession: async (_, args, ctx) =>
        toCaptureSession(ctx.idv.deps, await readCaptureSession(ctx.idv.deps, ctx.principal, args.sessionId)),
    },
    Mutation: {
      recordCaptureConsent: async (_, args, ctx) =>
        toCaptureSession(ctx.idv.deps, await recordCaptureConsent(ctx.idv.deps, ctx.principal, args.sessionId, args.input)),
      attachCaptureArtifact: async (_, args, ctx) => {
        const { idType, frame, ...rest } = args.input;
        const input: StoredArtifactInput = { ...rest, frame: frame ?? 0, declaredIdType: idType ?? null };
        const verify = storedArtifactCheck(options.blobs, ctx.idv.deps.keyProvider, args.sessionId);
        const { row, orphaned } = await recordCaptureArtifact(ctx.idv.deps, ctx.principal, args.sessionId, input, verify);
        // Replaced captures: their sealed bytes are no longer referenced.
        await Promise.all(orphaned.map((key) => options.blobs.delete(key).catch(() => undefined)));
        return toCaptureSession(ctx.idv.deps, row);
      },
      recordCaptureAnswers: async (_, args, ctx) =>
        toCaptureSession(
          ctx.idv.deps,
          await recordCaptureAnswers(ctx.idv.deps, ctx.principal, args.sessionId, args.input.stepId, args.input.answers.map(answerValue)),
        ),
      exchangeCaptureCredential: (_, args, ctx) => exchangeCaptureCredential(ctx.idv.deps, ctx.principal, args.input.sessionId),
      submitCapture: async (_, args, ctx) =>
        toCaptureSession(ctx.idv.deps, await submitCapture(ctx.idv.deps, ctx.principal, args.sessionId)),
    },
  } satisfies Resolvers;
}
