// IDV themes and branding: what the rest of the IDV subgraph uses.
//   createThemeResolvers(deps)                 resolver map merged into the IDV subgraph
//   resolveThemeSnapshotForSession(db, scope)  the scope's ACTIVE default theme as a session copies
//                                              it at create (theme_ref / theme snapshot), or null
//   brandingForSession / mergeBranding         public branding of a session
export { createThemeResolvers, managementScope } from './resolvers/theme-resolvers';
export { mergeResolverMaps } from './merge-resolvers';
export type { ThemeResolverDeps } from './resolvers/theme-resolvers';
export { resolveThemeSnapshotForSession, snapshotOf } from './services/theme-service';
export { brandingForSession, mergeBranding, DEFAULT_BRANDING, loadSessionThemeSnapshot } from './services/branding-service';
export type { Branding } from './services/branding-service';
export type { ThemeSnapshot, LogoRef, ThemeColors } from './model';
