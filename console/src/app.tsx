// Routes of the console (all under /console), the sign-in gate and the providers. Screens load
// lazily: the first load carries the frame and the sign-in page only.
import { lazy, ReactNode, Suspense, useEffect } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { onUnauthorized } from './api/csrf';
import { createQueryClient, SESSION_KEY, useConsoleSession } from './api/queries';
import { I18nProvider } from './i18n/i18n';
import { Shell } from './shell/shell';
import { ErrorState, Loading } from './ui/states';
import { SignInPage } from './screens/sign-in';

const HomePage = lazy(() => import('./screens/home'));
const ProfilesPage = lazy(() => import('./screens/profiles'));
const ProfilePage = lazy(() => import('./screens/profile'));
const ReviewQueuePage = lazy(() => import('./screens/review-queue'));
const SessionPage = lazy(() => import('./screens/session'));
const SessionsPage = lazy(() => import('./screens/sessions'));
const AccountPage = lazy(() => import('./screens/account'));
const UsersPage = lazy(() => import('./screens/users'));
const ScreeningSearchPage = lazy(() => import('./screens/screening-search'));
const ScreeningHistoryPage = lazy(() => import('./screens/screening-history'));
const ScreeningRequestPage = lazy(() => import('./screens/screening-request'));
const ScreeningSettingsPage = lazy(() => import('./screens/screening-settings'));
const AuditPage = lazy(() => import('./screens/audit'));
const ApprovalsPage = lazy(() => import('./screens/approvals'));
const ProposalPage = lazy(() => import('./screens/approvals').then((module) => ({ default: module.ProposalPage })));
const SettingsPage = lazy(() => import('./screens/settings'));
const NotFoundPage = lazy(() => import('./screens/not-found'));
const RiskAssessmentsPage = lazy(() => import('./screens/risk-assessments'));
const RiskAssessmentPage = lazy(() => import('./screens/risk-assessment'));
const MonitoringAlertsPage = lazy(() => import('./screens/monitoring-alerts'));
const MonitoringAlertPage = lazy(() => import('./screens/monitoring-alert'));
const MonitoringSettingsPage = lazy(() => import('./screens/monitoring-settings'));
const AnalyticsPage = lazy(() => import('./screens/analytics'));
const ScreeningBatchesPage = lazy(() => import('./screens/screening-batches'));
const ScreeningBatchNewPage = lazy(() => import('./screens/screening-batch-new'));
const ScreeningBatchPage = lazy(() => import('./screens/screening-batch'));

const queryClient = createQueryClient();

export function App() {
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <Router base="/console">
          <Switch>
            <Route path="/sign-in" component={SignInPage} />
            <Route>
              <SignedIn>
                <Shell>
                  <Suspense fallback={<Loading />}>
                    <Switch>
                      <Route path="/" component={HomePage} />
                      <Route path="/profiles" component={ProfilesPage} />
                      <Route path="/profiles/:id" component={ProfilePage} />
                      <Route path="/review" component={ReviewQueuePage} />
                      <Route path="/review/:id">{(params) => <SessionPage id={params.id} inQueue />}</Route>
                      <Route path="/sessions" component={SessionsPage} />
                      <Route path="/sessions/:id">{(params) => <SessionPage id={params.id} />}</Route>
                      <Route path="/account" component={AccountPage} />
                      <Route path="/users" component={UsersPage} />
                      <Route path="/screening" component={ScreeningSearchPage} />
                      <Route path="/screening/history" component={ScreeningHistoryPage} />
                      <Route path="/screening/settings" component={ScreeningSettingsPage} />
                      <Route path="/screening/requests/:id">{(params) => <ScreeningRequestPage id={params.id} />}</Route>
                      <Route path="/screening/batches" component={ScreeningBatchesPage} />
                      <Route path="/screening/batches/new" component={ScreeningBatchNewPage} />
                      <Route path="/screening/batches/:id">{(params) => <ScreeningBatchPage id={params.id} />}</Route>
                      <Route path="/risk" component={RiskAssessmentsPage} />
                      <Route path="/risk/:id" component={RiskAssessmentPage} />
                      <Route path="/monitoring" component={MonitoringAlertsPage} />
                      <Route path="/monitoring/settings" component={MonitoringSettingsPage} />
                      <Route path="/monitoring/:id" component={MonitoringAlertPage} />
                      <Route path="/audit" component={AuditPage} />
                      <Route path="/approvals" component={ApprovalsPage} />
                      <Route path="/approvals/:id">{(params) => <ProposalPage id={params.id} />}</Route>
                      <Route path="/settings" component={SettingsPage} />
                      <Route path="/analytics" component={AnalyticsPage} />
                      <Route component={NotFoundPage} />
                    </Switch>
                  </Suspense>
                </Shell>
              </SignedIn>
            </Route>
          </Switch>
        </Router>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/** Renders its children for a signed-in user; otherwise sends the browser to the sign-in page and
 * back to where it was going afterwards. */
function SignedIn({ children }: { children: ReactNode }) {
  const session = useConsoleSession();
  const client = useQueryClient();
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => onUnauthorized(() => client.setQueryData(SESSION_KEY, null)), [client]);
  if (session.isPending) return <Loading />;
  if (session.isError) return <ErrorState error={session.error} retry={() => void session.refetch()} />;
  if (!session.data) {
    const next = location + (search ? `?${search}` : '');
    return <Redirect to={`/sign-in${next && next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`} replace />;
  }
  return <>{children}</>;
}
