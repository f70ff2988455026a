import { profileGroupRoutes } from './profile-groups-routes';
import { profileCustomFieldRoutes } from './profiles-custom-fields-routes';
import { profileRoutes } from './profiles-routes';
import { riskRoutes } from './risk-routes';
import { Route } from './route';

/** The whole REST surface, area by area. */
export const allRoutes: Route[] = [...profileRoutes, ...profileGroupRoutes, ...profileCustomFieldRoutes, ...riskRoutes];
