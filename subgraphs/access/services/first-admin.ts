// The first start: a workspace without an admin gets one, signed in by a one-time link that
// `npm start` prints (the user then sets a password). Later starts find the admin and print nothing.
import { workspaceHasAdmin } from '../data/user-store';
import { addDashboardUser } from './admin-service';
import { AccessDeps } from './deps';

export const FIRST_ADMIN_EMAIL = 'admin@vigil.local';

export async function ensureFirstAdmin(deps: AccessDeps, workspaceId: string): Promise<{ email: string; url: string } | undefined> {
  if (await workspaceHasAdmin(deps.db, workspaceId)) return undefined;
  const { user, link } = await addDashboardUser(deps, {
    workspaceId,
    email: FIRST_ADMIN_EMAIL,
    name: 'Admin',
    role: 'admin',
    purpose: 'first_admin',
  });
  return { email: user.email, url: link.url };
}
