import { DomainError } from '../../platform/errors/domain-error';

/** Every error the profiles domain raises; statuses live in platform/errors/codes.ts. */
export type ProfilesErrorCode =
  | 'profile_not_found'
  | 'profile_validation_failed'
  | 'schema_validation_failed';

export class ProfilesError extends DomainError<ProfilesErrorCode> {}
