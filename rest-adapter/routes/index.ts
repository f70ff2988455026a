import { idvCaptureRoutes } from './idv-capture-routes';
import { idvSessionRoutes } from './idv-sessions-routes';
import { idvThemeRoutes } from './idv-themes-routes';
import { idvWorkflowRoutes } from './idv-workflows-routes';
import { profileGroupRoutes } from './profile-groups-routes';
import { profileCustomFieldRoutes } from './profiles-custom-fields-routes';
import { profileRoutes } from './profiles-routes';
import { riskRoutes } from './risk-routes';
import { Route } from './route';
import { screeningRoutes } from './screening-routes';

/** The whole REST surface, area by area. */
export const allRoutes: Route[] = [...profileRoutes, ...profileGroupRoutes, ...profileCustomFieldRoutes, ...riskRoutes, ...screeningRoutes, ...idvThemeRoutes, ...idvSessionRoutes, ...idvWorkflowRoutes, ...idvCaptureRoutes];
