// Beta enablement: risk assessment agents are switched on per application (entitlement
// riskAssessments, set with `npm run cli -- set-entitlement`). Dashboard users of the workspace
// and internal services act for the workspace and are not gated per application.
import { Principal } from '../../../platform/principal/principal';
import { RiskError } from '../errors';

export function requireRiskBeta(principal: Principal): void {
  if (principal.kind === 'dashboard_user' || principal.kind === 'service') return;
  if (principal.kind === 'application' && principal.entitlements?.riskAssessments === true) return;
  throw new RiskError(
    'risk_beta_not_enabled',
    'Risk assessments (beta) are not enabled for this application; ask an administrator to enable the riskAssessments entitlement',
  );
}
