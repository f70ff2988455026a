import { Db } from '../../../platform/db/prisma';
import { insertProfile, Scope } from '../data/profile-store';
import { ProfilesError } from '../errors';

export type ProfileRecord = Awaited<ReturnType<typeof insertProfile>>;

export async function createProfile(db: Db, scope: Scope, input: { name: string; kind: string; email?: string | null }): Promise<ProfileRecord> {
  const name = input.name.trim();
  if (!name) throw new ProfilesError('profile_validation_failed', 'name must not be empty', { field: 'name' });
  return insertProfile(db, scope, { ...input, name });
}
