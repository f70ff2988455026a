// GraphQL ⇄ theme services. Thin: principal checks, scope, argument renaming.
// Principal rules: theme reads and writes need a management principal (application or dashboard
// user); the public principal (kind 'public', no tenant) may only read branding and branding
// assets, which is also all the gateway lets it ask for (gateway/credentials/public-principal.ts).
import { BlobStore } from '../../../../platform/blobs';
import { keysetPageConnection } from '../../../../platform/graphql/paging';
import { Db, type Scope } from '../../../../platform/db/prisma';
import { Principal } from '../../../../platform/principal/principal';
import { IdvThemeError } from '../errors';
import { LogoSlot, ThemeInput } from '../model';
import { brandingForSession } from '../services/branding-service';
import { attachLogo, findBrandingAsset, removeLogo } from '../services/logo-service';
import { archiveTheme, createTheme, findThemeView, listThemes, makeDefaultTheme, replaceTheme } from '../services/theme-service';
import type { IdvThemeInput, Resolvers } from '../../resolvers/resolver-types.generated';

export interface ThemeResolverDeps {
  db: Db;
  blobs: BlobStore;
}

const MANAGEMENT_KINDS = new Set<Principal['kind']>(['application', 'dashboard_user']);

/** The caller's scope, for management principals only. */
export function managementScope(principal: Principal): Scope {
  if (principal.kind === 'public') throw new IdvThemeError('unauthorized', 'Unauthorized');
  if (!MANAGEMENT_KINDS.has(principal.kind) || !principal.tenantId || !principal.workspaceId) {
    throw new IdvThemeError('forbidden', 'Themes are managed with an application API key or a dashboard user token');
  }
  return { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
}

function toThemeInput(input: IdvThemeInput): ThemeInput {
  const colors = input.colors
    ? {
        primary: input.colors.primary,
        primary_foreground: input.colors.primaryForeground,
        background: input.colors.background,
        foreground: input.colors.foreground,
        accent: input.colors.accent,
      }
    : input.colors;
  return { name: input.name, companyName: input.companyName, colors, fontFamily: input.fontFamily, status: input.status };
}

function slotOf(slot: string): LogoSlot {
  if (slot === 'logo' || slot === 'logo_square') return slot;
  throw new IdvThemeError('schema_validation_failed', 'slot: must be logo or logo_square');
}

const optionalRevision = (value: number | null | undefined) => (value === null || value === undefined ? undefined : value);

export function createThemeResolvers({ db, blobs }: ThemeResolverDeps) {
  return {
    Query: {
      idvTheme: (_, args, ctx) => findThemeView(db, managementScope(ctx.principal), args.themeId),
      idvThemes: async (_, args, ctx) =>
        keysetPageConnection(
          await listThemes(db, managementScope(ctx.principal), { limit: args.first, cursor: args.after, status: args.status }),
        ),
      // Public: any verified principal (the gateway's public one included) may read branding.
      idvBranding: (_, args) => brandingForSession(db, args.sessionId),
      idvBrandingAsset: (_, args) => findBrandingAsset(db, args.assetId),
    },
    Mutation: {
      createIdvTheme: (_, args, ctx) => createTheme(db, managementScope(ctx.principal), toThemeInput(args.input), ctx, args.revision),
      replaceIdvTheme: (_, args, ctx) =>
        replaceTheme(db, managementScope(ctx.principal), args.themeId, toThemeInput(args.input), args.expectedRevision, ctx),
      archiveIdvTheme: (_, args, ctx) =>
        archiveTheme(db, managementScope(ctx.principal), args.themeId, ctx, optionalRevision(args.expectedRevision)),
      makeDefaultIdvTheme: (_, args, ctx) =>
        makeDefaultTheme(db, managementScope(ctx.principal), args.themeId, ctx, optionalRevision(args.expectedRevision)),
      attachIdvThemeLogo: (_, args, ctx) =>
        attachLogo(
          db,
          blobs,
          managementScope(ctx.principal),
          args.themeId,
          slotOf(args.slot),
          args.assetId,
          ctx,
          optionalRevision(args.expectedRevision),
        ),
      removeIdvThemeLogo: (_, args, ctx) =>
        removeLogo(db, managementScope(ctx.principal), args.themeId, slotOf(args.slot), ctx, optionalRevision(args.expectedRevision)),
    },
    IdvBranding: {
      companyName: (b) => b.company_name,
      privacyContactEmail: (b) => b.privacy_contact_email || null,
      fontFamily: (b) => b.font_family,
      logo: (b) => (b.logo ? { assetId: b.logo.asset_id } : null),
      logoSquare: (b) => (b.logo_square ? { assetId: b.logo_square.asset_id } : null),
    },
    IdvBrandingColors: {
      primaryForeground: (c) => c.primary_foreground,
    },
    IdvThemeColors: {
      primaryForeground: (c) => c.primary_foreground,
    },
  } satisfies Resolvers;
}
