// Analyst comments on a profile (kind profile) or on one of its screening matches (kind match;
// matchId optional then, as the spec says, e.g. a note on the matches in general; forbidden for kind
// profile, where it would mean nothing). `version` (`_v` in REST) starts at 0 and grows by
// one on every edit; createdBy/updatedBy are the caller's actor id.
import { Principal } from '../../../platform/principal/principal';
import { findComment, insertComment, listComments, updateCommentText } from '../data/comment-store';
import { lockProfile } from '../data/profile-store';
import type { DbClient, Scope } from '../../../platform/db/prisma';
import { isStorableText } from '../data/scope';
import { ProfilesError } from '../errors';
import type { RecordCreate } from './create-once';
import { connectionWindow, ProfilesDeps } from './deps';
import { countedConnection } from '../../../platform/graphql/paging';

export const COMMENT_TEXT_MAX = 10_000;
export const MATCH_ID_MAX = 200;
export const COMMENT_KINDS = ['profile', 'match'] as const;

export type CommentRecord = Awaited<ReturnType<typeof insertComment>>;

function invalid(field: string, problem: string): never {
  throw new ProfilesError('comment_validation_failed', `${field}: ${problem}`, { field });
}

function checkText(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) invalid('text', 'must be a non-empty string');
  if (!isStorableText(value)) invalid('text', 'must be Unicode text (no NUL)');
  if (value.length > COMMENT_TEXT_MAX) invalid('text', `must be at most ${COMMENT_TEXT_MAX} characters`);
  return value;
}

/** The profile must exist in scope (404 otherwise) and not be erased (409). Locks its row. */
async function writableProfile(tx: DbClient, scope: Scope, profileId: string) {
  const profile = await lockProfile(tx, scope, profileId);
  if (!profile) throw new ProfilesError('profile_not_found', 'Profile not found');
  if (profile.erasureClaimedAt) throw new ProfilesError('profile_erased', 'The profile has been erased and cannot be changed');
  return profile;
}

export async function createComment(
  deps: ProfilesDeps,
  scope: Scope,
  principal: Principal,
  profileId: string,
  input: { text: string; kind: string; matchId?: string | null },
  record?: RecordCreate,
): Promise<CommentRecord> {
  const text = checkText(input.text);
  if (!(COMMENT_KINDS as readonly string[]).includes(input.kind)) invalid('kind', 'must be profile or match');
  const matchId = input.matchId ?? null;
  if (input.kind === 'match') {
    if (matchId !== null) {
      if (!matchId.trim()) invalid('matchId', 'must not be blank (omit it when the comment is not about one match)');
      if (!isStorableText(matchId)) invalid('matchId', 'must be Unicode text (no NUL)');
      if (matchId.length > MATCH_ID_MAX) invalid('matchId', `must be at most ${MATCH_ID_MAX} characters`);
    }
  } else if (matchId !== null) {
    invalid('matchId', 'only allowed when kind is match');
  }
  return deps.db.$transaction(async (tx) => {
    await writableProfile(tx, scope, profileId);
    const comment = await insertComment(tx, scope, { profileId, kind: input.kind, matchId, text, actorId: principal.actorId });
    await record?.(tx, comment.id);
    return comment;
  });
}

export async function getComment(deps: ProfilesDeps, scope: Scope, profileId: string, id: string): Promise<CommentRecord | null> {
  return findComment(deps.db, scope, profileId, id);
}

export async function updateComment(
  deps: ProfilesDeps,
  scope: Scope,
  principal: Principal,
  profileId: string,
  commentId: string,
  input: { text: string; version?: number | null },
): Promise<CommentRecord> {
  const text = checkText(input.text);
  return deps.db.$transaction(async (tx) => {
    await writableProfile(tx, scope, profileId);
    const comment = await findComment(tx, scope, profileId, commentId);
    if (!comment) throw new ProfilesError('comment_not_found', 'Comment not found');
    const expected = input.version ?? comment.version;
    if (
      expected !== comment.version ||
      (await updateCommentText(tx, scope, profileId, commentId, { text, actorId: principal.actorId, expectedVersion: expected })) === 0
    ) {
      throw new ProfilesError('comment_version_conflict', `_v: the comment is at version ${comment.version}, not ${expected}`, {
        field: '_v',
      });
    }
    return (await findComment(tx, scope, profileId, commentId))!;
  });
}

/** A page of the profile's comments; null when the profile is absent. `profile` is the caller's read
 * of it (the request's profile loader: a profile page reads the profile once for both). */
export async function listProfileComments(
  deps: ProfilesDeps,
  scope: Scope,
  profile: { id: string } | null,
  args: { first?: number | null; after?: string | null },
) {
  const window = connectionWindow(args, 'comment_validation_failed');
  if (!profile) return null;
  const { rows, total } = await listComments(deps.db, scope, profile.id, { skip: window.skip, take: window.take! });
  return countedConnection(rows, window.skip, total);
}
