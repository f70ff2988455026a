import { Db } from '../../../platform/db/prisma';
import { readOffsetCursor } from '../../../platform/graphql/paging';
import { ProfilesErrorCode, ProfilesError } from '../errors';
import { DefinitionsReader } from './definitions-reader';
import type { OnboardingGateways } from '../onboarding/services/onboarding-gateways';
import type { ProposalApplier } from './four-eyes-service';
import type { EvidenceSources } from '../../../platform/audit/evidence/build-pack';
import type { BlobStore } from '../../../platform/blobs';
import type { Principal } from '../../../platform/principal/principal';

/** Who makes a settings change, for its audit entry (the request context satisfies it). */
export interface ChangeAuditContext {
  principal: Principal;
  requestId?: string | null;
}

/** What the services need: the database and where custom field definitions come from. */
export interface ProfilesDeps {
  db: Db;
  definitions: DefinitionsReader;
  /** The other domains an onboarding run and its validation ask (absent: onboarding unavailable). */
  gateways?: OnboardingGateways;
  /** Applies an approved four-eyes proposal in the domain owning its object (four-eyes-service.ts). */
  applyProposal?: ProposalApplier;
  /** Every domain's objects as evidence, and where packs are stored (absent: evidence packs unavailable). */
  evidence?: { sources: EvidenceSources; blobs: BlobStore };
}

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
export const MAX_PAGE = 100_000;

export function has<T extends object>(input: T, key: keyof T): boolean {
  return Object.hasOwn(input, key) && input[key] !== undefined;
}

/** An offset window of a connection (`first`, `after`): first 1..100 (default 20); `after` one of
 * our offset cursors. `fallback: 'all'` reads the whole (small) list when first is absent. */
export function connectionWindow(
  args: { first?: number | null; after?: string | null },
  code: ProfilesErrorCode,
  fallback: number | 'all' = DEFAULT_PER_PAGE,
): { skip: number; take: number | undefined } {
  const first = args.first ?? (fallback === 'all' ? undefined : fallback);
  if (first !== undefined && (!Number.isInteger(first) || first < 1 || first > MAX_PER_PAGE)) {
    throw new ProfilesError(code, `first: must be an integer from 1 to ${MAX_PER_PAGE}`, { field: 'first' });
  }
  const skip = readOffsetCursor(args.after);
  if (skip === undefined || skip > MAX_PAGE * MAX_PER_PAGE)
    throw new ProfilesError(code, 'after: not a cursor of this list', { field: 'after' });
  return { skip, take: first };
}
