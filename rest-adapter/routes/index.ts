import { idvCaptureRoutes } from './idv-capture-routes';
import { idvCaptureSessionRoutes } from './idv-capture-session-routes';
import { idvSessionRoutes } from './idv-sessions-routes';
import { idvInviteRoutes } from './idv-invites-routes';
import { idvWebhookRoutes } from './idv-webhooks-routes';
import { idvThemeRoutes } from './idv-themes-routes';
import { idvWorkflowRoutes } from './idv-workflows-routes';
import { namesCompareRoutes } from './names-compare-routes';
import { profileGroupRoutes } from './profile-groups-routes';
import { profileCustomFieldRoutes } from './profiles-custom-fields-routes';
import { profileConfigRoutes } from './profiles-config-routes';
import { profileRoutes } from './profiles-routes';
import { riskRoutes } from './risk-routes';
import { Route } from './route';
import { screeningRoutes } from './screening-routes';
import { screeningBatchRoutes } from './screening-batch-routes';
import { dispositionRoutes } from './disposition-routes';
import { adverseMediaRoutes } from './adverse-media-routes';
import { profileOnboardingRoutes } from './profiles-onboarding-routes';
import { monitoringRoutes } from './monitoring-routes';

/** The whole REST surface, area by area. */
export const allRoutes: Route[] = [
  ...profileRoutes,
  ...profileGroupRoutes,
  ...profileCustomFieldRoutes,
  ...profileConfigRoutes,
  ...riskRoutes,
  ...screeningRoutes,
  ...screeningBatchRoutes,
  ...idvThemeRoutes,
  ...idvSessionRoutes,
  ...idvWorkflowRoutes,
  ...namesCompareRoutes,
  ...idvInviteRoutes,
  ...idvWebhookRoutes,
  ...idvCaptureRoutes,
  ...idvCaptureSessionRoutes,
  ...dispositionRoutes,
  ...adverseMediaRoutes,
  ...profileOnboardingRoutes,
  ...monitoringRoutes,
];
