// The objects the access resolvers hand GraphQL (mapped in resolver-types.config.ts).
import type { UserRow } from '../data/user-store';
import type { MailOutcome } from '../services/mailer';

/** The viewer entity: its fields come from the request's principal. */
export interface ViewerView {
  actorId: string;
}

/** A user, with their role in the caller's workspace when the read already knows it. */
export type DashboardUserView = UserRow & { role?: string | null };

export interface InvitePayloadView {
  user: DashboardUserView;
  emailDelivery: MailOutcome;
}
