// Theme values, their write rules and the snapshot a session copies. Field names of the public
// shapes (snapshot, branding, logo refs) are the REST ones (snake_case): they are stored verbatim
// on sessions and returned by the branding endpoint.
import { IdvThemeError } from './errors';

export const THEME_STATUSES = ['draft', 'active', 'archived'] as const;
export type ThemeStatus = (typeof THEME_STATUSES)[number];
/** Statuses a create or replace may set; archived is reached only through archive. */
export const WRITABLE_THEME_STATUSES = ['draft', 'active'] as const;
export type WritableThemeStatus = (typeof WRITABLE_THEME_STATUSES)[number];

export const FONT_FAMILIES = ['Inter', 'system-ui', 'Roboto', 'Open Sans', 'Lato', 'Montserrat'] as const;
export const COLOR_KEYS = ['primary', 'primary_foreground', 'background', 'foreground', 'accent'] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];
export type ThemeColors = Record<ColorKey, string | null>;

export const LOGO_SLOTS = ['logo', 'logo_square'] as const;
export type LogoSlot = (typeof LOGO_SLOTS)[number];

export const THEME_NAME_MAX = 120;
export const COMPANY_NAME_MAX = 80;
export const THEME_PAGE_DEFAULT = 20;
export const THEME_PAGE_MAX = 100;
/** Logo limits: bytes, and pixels per side. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MAX_SIDE = 4096;

export const COLOR_PATTERN = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export interface LogoRef {
  asset_id: string;
  content_type: string;
  width: number;
  height: number;
}

/** What a session copies at create (its theme_ref) and what branding merges over the defaults. */
export interface ThemeSnapshot {
  theme_id: string;
  revision: number;
  name: string;
  company_name: string;
  colors: ThemeColors;
  font_family: string;
  logo: LogoRef | null;
  logo_square: LogoRef | null;
}

/** Content fields of a create or replace (logos are never part of it). */
export interface ThemeInput {
  name: string;
  companyName?: string | null;
  colors?: Partial<Record<ColorKey, string | null>> | null;
  fontFamily?: string | null;
  status?: string | null;
}

export interface NormalizedThemeInput {
  name: string;
  companyName: string;
  colors: ThemeColors;
  fontFamily: string;
  status: WritableThemeStatus | undefined;
}

function invalid(field: string, message: string): IdvThemeError {
  return new IdvThemeError('schema_validation_failed', `${field}: ${message}`, { field });
}

/** #rgb / #rrggbb in any case → lowercase #rrggbb; null/undefined/'' stay unset (null). */
export function normalizeColor(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || !COLOR_PATTERN.test(value)) throw invalid(field, 'must be a #rgb or #rrggbb color');
  const hex = value.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

export function emptyColors(): ThemeColors {
  return { primary: null, primary_foreground: null, background: null, foreground: null, accent: null };
}

/** The stored colors JSON, read defensively (unknown keys dropped, missing keys null). */
export function colorsFromJson(value: unknown): ThemeColors {
  const colors = emptyColors();
  if (value && typeof value === 'object') {
    for (const key of COLOR_KEYS) {
      const color = (value as Record<string, unknown>)[key];
      colors[key] = typeof color === 'string' ? color : null;
    }
  }
  return colors;
}

/** The write rules of the Theme resource, applied for REST and GraphQL callers alike. */
export function normalizeThemeInput(input: ThemeInput): NormalizedThemeInput {
  const name = input.name;
  if (typeof name !== 'string' || name.length < 1 || name.length > THEME_NAME_MAX || name.trim() === '') {
    throw invalid('name', `must be 1 to ${THEME_NAME_MAX} characters, not only spaces`);
  }
  const companyName = input.companyName ?? '';
  if (companyName.length > COMPANY_NAME_MAX) throw invalid('company_name', `must be at most ${COMPANY_NAME_MAX} characters`);
  const fontFamily = input.fontFamily ?? '';
  if (fontFamily !== '' && !(FONT_FAMILIES as readonly string[]).includes(fontFamily)) {
    throw invalid('font_family', `must be empty or one of ${FONT_FAMILIES.join(', ')}`);
  }
  const colors = emptyColors();
  if (input.colors) {
    for (const key of Object.keys(input.colors)) {
      if (!(COLOR_KEYS as readonly string[]).includes(key)) throw invalid(`colors.${key}`, 'unknown field');
    }
    for (const key of COLOR_KEYS) colors[key] = normalizeColor(input.colors[key], `colors.${key}`);
  }
  let status: WritableThemeStatus | undefined;
  if (input.status !== null && input.status !== undefined) {
    if (!(WRITABLE_THEME_STATUSES as readonly string[]).includes(input.status)) throw invalid('status', 'must be draft or active');
    status = input.status as WritableThemeStatus;
  }
  return { name, companyName, colors, fontFamily, status };
}
