// The invite email of one session: its copied theme (branding over the defaults) and, when the
// theme has a logo, the logo's bytes as an inline attachment.
import { idvThemeAssetKey, sniffImage } from '../../../../platform/blobs';
import { SessionRow } from '../../data/session-store';
import { mergeBranding } from '../../themes/services/branding-service';
import { buildInviteEmail } from './invite-email';
import { InviteDeps } from './invite-deps';
import { OutgoingEmail } from './mailer';

export async function composeInviteEmail(
  deps: Pick<InviteDeps, 'blobs'>,
  session: SessionRow,
  input: { to: string; link: string; expiresAt: Date; locale: string; orgName: string | null },
): Promise<OutgoingEmail> {
  const branding = mergeBranding({
    themeSnapshot: session.themeSnapshot ?? session.themeRef ?? null,
    privacyContactEmail: session.privacyContactEmail,
  });
  let logo: { content: Buffer; contentType: string } | undefined;
  if (branding.logo) {
    // A missing logo never blocks an invite: the email goes out without it.
    const bytes = await deps.blobs.get(idvThemeAssetKey(branding.logo.asset_id)).catch(() => undefined);
    const info = bytes ? sniffImage(bytes) : undefined;
    if (bytes && info) logo = { content: bytes, contentType: info.contentType };
  }
  return buildInviteEmail({ ...input, orgName: input.orgName ?? branding.company_name, branding, logo });
}
