// Dashboard roles. A dashboard user holds one role per workspace; each role may do everything the
// one before it may. The API enforces them (the console only reflects them): what each may run is
// platform/principal/role-policy.ts (docs/platform.md, "Roles").
export const DASHBOARD_ROLES = ['viewer', 'analyst', 'reviewer', 'admin'] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

export function isDashboardRole(value: unknown): value is DashboardRole {
  return typeof value === 'string' && (DASHBOARD_ROLES as readonly string[]).includes(value);
}

/** True when `role` may do what `required` may. */
export function roleAtLeast(role: DashboardRole, required: DashboardRole): boolean {
  return DASHBOARD_ROLES.indexOf(role) >= DASHBOARD_ROLES.indexOf(required);
}
