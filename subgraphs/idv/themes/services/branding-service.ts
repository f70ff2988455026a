// Public branding of a session's hosted capture page: the theme snapshot the session copied at
// create, merged over the default branding, so every presentation field is populated. Unknown
// session ids (and sessions without a theme) get the default branding in the same shape: the
// answer is no existence oracle. Nothing about status, steps, scope or assessment is returned.
import type { DbClient } from '../../../../platform/db/prisma';
import { findSessionBrandingRow } from '../data/theme-store';
import { COLOR_KEYS, colorsFromJson, FONT_FAMILIES, ThemeColors } from '../model';

/** The colors of a branding: every key set. */
export type BrandingColors = Record<(typeof COLOR_KEYS)[number], string>;

export interface Branding {
  company_name: string;
  privacy_contact_email: string;
  colors: BrandingColors;
  font_family: string;
  logo: { asset_id: string } | null;
  logo_square: { asset_id: string } | null;
}

/** The platform's default branding (neutral; every field set). */
export const DEFAULT_BRANDING: Readonly<Branding> = Object.freeze({
  company_name: 'Identity verification',
  privacy_contact_email: '',
  colors: Object.freeze({
    primary: '#1d4ed8',
    primary_foreground: '#ffffff',
    background: '#ffffff',
    foreground: '#111827',
    accent: '#0ea5e9',
  }),
  font_family: 'system-ui',
  logo: null,
  logo_square: null,
});

/** What branding needs of a session: its copied theme snapshot and privacy contact. */
export interface SessionBrandingSource {
  themeSnapshot: unknown;
  privacyContactEmail: string;
}

/** The session's copied theme snapshot, by id alone (the caller is unauthenticated; session ids
 * are unguessable). Reads the sessions table of the IDV core (idv.prisma, IdvSession). Any
 * failure reads as "no session": branding then falls back to the defaults. */
export async function loadSessionThemeSnapshot(db: DbClient, sessionId: string): Promise<SessionBrandingSource | null> {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(sessionId)) return null;
  try {
    const row = await findSessionBrandingRow(db, sessionId);
    if (!row) return null;
    return { themeSnapshot: row.themeSnapshot ?? row.themeRef ?? null, privacyContactEmail: row.privacyContactEmail ?? '' };
  } catch {
    return null;
  }
}

export async function brandingForSession(
  db: DbClient,
  sessionId: string,
  load: (db: DbClient, sessionId: string) => Promise<SessionBrandingSource | null> = loadSessionThemeSnapshot,
): Promise<Branding> {
  return mergeBranding(await load(db, sessionId));
}

/** Snapshot fields over the defaults, field by field; malformed snapshot values are ignored. */
export function mergeBranding(source: SessionBrandingSource | null): Branding {
  const branding: Branding = { ...DEFAULT_BRANDING, colors: { ...DEFAULT_BRANDING.colors } };
  if (!source) return branding;
  if (typeof source.privacyContactEmail === 'string' && source.privacyContactEmail)
    branding.privacy_contact_email = source.privacyContactEmail;
  const snapshot = source.themeSnapshot;
  if (!snapshot || typeof snapshot !== 'object') return branding;
  const s = snapshot as Record<string, unknown>;
  if (typeof s.company_name === 'string' && s.company_name) branding.company_name = s.company_name;
  const colors: ThemeColors = colorsFromJson(s.colors);
  for (const key of COLOR_KEYS) {
    const color = colors[key];
    if (color && /^#[0-9a-f]{6}$/.test(color)) branding.colors[key] = color;
  }
  if (typeof s.font_family === 'string' && (FONT_FAMILIES as readonly string[]).includes(s.font_family))
    branding.font_family = s.font_family;
  branding.logo = assetRef(s.logo);
  branding.logo_square = assetRef(s.logo_square);
  return branding;
}

function assetRef(value: unknown): { asset_id: string } | null {
  const id = value && typeof value === 'object' ? (value as Record<string, unknown>).asset_id : undefined;
  return typeof id === 'string' && /^idva_[a-z0-9]{24}$/.test(id) ? { asset_id: id } : null;
}
