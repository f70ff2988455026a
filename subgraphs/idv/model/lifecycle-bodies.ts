// The documented bodies of the session moves (cancel, review, assign, consent). The IDV services
// check every body with these schemas; the REST adapter checks REST bodies with the very same ones
// before it maps them onto the typed GraphQL inputs, so both surfaces share rules and wording.
import { z } from 'zod';
import { isReviewStatus, REVIEW_STATUSES } from './states';

export const cancelSchema = z.strictObject({ reason: z.string().max(1000).optional() });

export const reviewSchema = z.strictObject({
  status: z.string().refine(isReviewStatus, { message: `must be one of ${REVIEW_STATUSES.join(', ')}` }),
  note: z.string().max(5000).optional(),
});

export const assignSchema = z.strictObject({ assignee: z.string().min(1).max(128).nullable() });

export const consentSchema = z.strictObject({
  accepted: z.literal(true, { message: 'must be true (consent is given explicitly)' }),
  policy_version: z.string().min(1).max(64).optional(),
});
