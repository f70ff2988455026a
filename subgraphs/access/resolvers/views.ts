// The objects the access resolvers hand GraphQL (mapped in resolver-types.config.ts).
import type { UserRow } from '../data/user-store';
import type { MailOutcome } from '../services/mailer';

/** The viewer entity: its fields come from the request's principal. */
export interface ViewerView {
  actorId: string;
}

/** A user, with their role in the caller's workspace and their last sign-in when the read already
 * knows them (a list reads them for its whole page at once). */
export type DashboardUserView = UserRow & { role?: string | null; lastSignInAt?: Date | null };

export interface InvitePayloadView {
  user: DashboardUserView;
  emailDelivery: MailOutcome;
  signInLink: string;
  signInLinkExpiresAt: Date;
}
