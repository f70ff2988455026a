// User administration of the console through GraphQL (/console/graphql) and the CLI: invitations
// with their one-time link, roles, deactivation and the last-admin rule, account passwords.
import { runCli } from '../helpers/cli';
import { auth, createTestTenant, graphql, startTestPlatform, tenantEmail, TestPlatform, TestTenant } from '../helpers/test-platform';
import { startSmtpReceiver, SmtpReceiver } from '../helpers/smtp-receiver';
import { ConsoleClient, createConsoleUser, signInToConsole } from '../helpers/console';
import { issueDashboardToken } from '../../platform/tenancy/tenancy-store';

let smtp: SmtpReceiver;
let platform: TestPlatform;
let tenant: TestTenant;
let admin: ConsoleClient;
let adminId: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  platform = await startTestPlatform({ config: { smtp: { host: '127.0.0.1', port: smtp.port, from: 'console@bank.example' } } });
  tenant = await createTestTenant(platform);
  const user = await createConsoleUser(platform, tenant, { email: 'admin@example.com', role: 'admin' });
  adminId = user.userId;
  admin = await signInToConsole(platform, user);
});
afterAll(async () => {
  await platform.close();
  await smtp.close();
});

const INVITE = `mutation Invite($input: InviteDashboardUserInput!) {
  inviteDashboardUser(input: $input) { emailDelivery user { id email name role hasPassword totpEnabled deactivatedAt } }
}`;
const ROLE = 'mutation Role($input: ChangeDashboardUserRoleInput!) { changeDashboardUserRole(input: $input) { id role } }';
const DEACTIVATE = 'mutation Off($input: DeactivateDashboardUserInput!) { deactivateDashboardUser(input: $input) { id deactivatedAt } }';
const PASSWORD = 'mutation Password($input: ChangePasswordInput!) { changePassword(input: $input) { hasPassword } }';
const linkIn = (text: string) => /(http:\/\/\S+\/console\/auth\/link\?token=\S+)/.exec(text)?.[1] ?? '';

describe('invitations', () => {
  it('invite -> emailed one-time link -> signed in, set password -> sign in with it; the link works once', async () => {
    const email = tenantEmail(tenant, 'new.reviewer@example.com');
    const invited = await admin.graphql(INVITE, { input: { email, name: 'New Reviewer', role: 'reviewer' } });
    expect(invited.body.data.inviteDashboardUser).toEqual({
      emailDelivery: 'sent',
      user: {
        id: expect.any(String),
        email,
        name: 'New Reviewer',
        role: 'reviewer',
        hasPassword: false,
        totpEnabled: false,
        deactivatedAt: null,
      },
    });
    const message = smtp.messages.find((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text === email);
    expect(message).toBeDefined();
    const link = linkIn(message!.text ?? '');
    expect(link.startsWith(`${platform.restUrl}/console/auth/link?token=vgll_`)).toBe(true);

    // The browser follows the link once: signed in, sent to set a password.
    const browser = new ConsoleClient(platform);
    const first = await fetch(link, { redirect: 'manual' });
    expect([first.status, first.headers.get('location'), first.headers.get('referrer-policy')]).toEqual([
      303,
      '/console/account?setup=1',
      'no-referrer',
    ]);
    browser.jar.take({ headers: first.headers });
    expect(browser.jar.cookies.has('vigil_session')).toBe(true);
    const set = await browser.graphql(PASSWORD, { input: { newPassword: 'a long new password' } });
    expect(set.body.data.changePassword).toEqual({ hasPassword: true });
    const signedIn = await signInToConsole(platform, { email, password: 'a long new password' });
    expect((await signedIn.get('/console/auth/session')).body.role).toBe('reviewer');
    const reused = await fetch(link, { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe('/console/sign-in?error=link_invalid');
  });

  it("inviting an existing member or another tenant's account: 409 dashboard_user_exists", async () => {
    const member = await createConsoleUser(platform, tenant, { email: 'member@example.com' });
    const again = await admin.graphql(INVITE, { input: { email: member.email, name: 'Again', role: 'viewer' } });
    expect([again.status, again.body.errors[0].extensions.code]).toEqual([409, 'dashboard_user_exists']);
    const other = await createTestTenant(platform);
    const foreign = await createConsoleUser(platform, other, { email: 'foreign@example.com' });
    const taken = await admin.graphql(INVITE, { input: { email: foreign.email.toUpperCase(), name: 'Foreign', role: 'viewer' } });
    expect(taken.body.errors[0].extensions.code).toBe('dashboard_user_exists');
  });

  it('only admins administer users (403 insufficient_role); admins page through the members', async () => {
    const analyst = await signInToConsole(
      platform,
      await createConsoleUser(platform, tenant, { email: 'not-admin@example.com', role: 'analyst' }),
    );
    const listed = await analyst.graphql('{ dashboardUsers { totalCount } }');
    expect([listed.status, listed.body.errors[0].extensions.code]).toEqual([403, 'insufficient_role']);
    const invited = await analyst.graphql(INVITE, { input: { email: tenantEmail(tenant, 'x@example.com'), name: 'X', role: 'admin' } });
    expect(invited.body.errors[0].extensions.code).toBe('insufficient_role');

    const page1 = await admin.graphql(
      '{ dashboardUsers(first: 2) { nodes { id email role } pageInfo { hasNextPage endCursor } totalCount } }',
    );
    const connection = page1.body.data.dashboardUsers;
    expect(connection.nodes).toHaveLength(2);
    expect(connection.nodes[0]).toMatchObject({ id: adminId, role: 'admin' });
    expect(connection.pageInfo.hasNextPage).toBe(true);
    expect(connection.totalCount).toBeGreaterThan(2);
    const page2 = await admin.graphql('query P($after: String) { dashboardUsers(first: 2, after: $after) { nodes { id } } }', {
      after: connection.pageInfo.endCursor,
    });
    expect(page2.body.data.dashboardUsers.nodes[0].id).not.toBe(connection.nodes[1].id);
  });
});

describe('roles and deactivation', () => {
  it("changes a role; the member's next request carries it; an unknown user is 404 dashboard_user_not_found", async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'promote@example.com', role: 'viewer' });
    const client = await signInToConsole(platform, user);
    const changed = await admin.graphql(ROLE, { input: { userId: user.userId, role: 'reviewer' } });
    expect(changed.body.data.changeDashboardUserRole).toEqual({ id: user.userId, role: 'reviewer' });
    expect((await client.graphql('{ viewer { role } }')).body.data.viewer.role).toBe('reviewer');
    const missing = await admin.graphql(ROLE, { input: { userId: 'usr_nobody', role: 'admin' } });
    expect([missing.status, missing.body.errors[0].extensions.code]).toEqual([404, 'dashboard_user_not_found']);
  });

  it("deactivation ends the user's sessions and tokens at once", async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'leaver@example.com' });
    const client = await signInToConsole(platform, user);
    const { token } = await issueDashboardToken(platform.db, user.userId);
    expect((await client.get('/console/auth/session')).status).toBe(200);
    const off = await admin.graphql(DEACTIVATE, { input: { userId: user.userId } });
    expect(off.body.data.deactivateDashboardUser.deactivatedAt).toEqual(expect.any(String));
    expect((await client.get('/console/auth/session')).status).toBe(401);
    expect((await graphql(platform, auth.bearer(token), '{ viewer { role } }')).status).toBe(401);
    const again = await new ConsoleClient(platform).post(
      '/console/auth/password',
      { email: user.email, password: user.password },
      { csrf: false },
    );
    expect(again.body.error.code).toBe('invalid_credentials');
  });

  it('the last admin of a workspace can be neither demoted nor deactivated (409 last_workspace_admin)', async () => {
    const own = await createTestTenant(platform);
    const soleAdmin = await createConsoleUser(platform, own, { email: 'sole@example.com', role: 'admin' });
    const client = await signInToConsole(platform, soleAdmin);
    const demote = await client.graphql(ROLE, { input: { userId: soleAdmin.userId, role: 'analyst' } });
    expect([demote.status, demote.body.errors[0].extensions.code]).toEqual([409, 'last_workspace_admin']);
    const deactivate = await client.graphql(DEACTIVATE, { input: { userId: soleAdmin.userId } });
    expect(deactivate.body.errors[0].extensions.code).toBe('last_workspace_admin');
    // With a second admin, the first may step down.
    const second = await createConsoleUser(platform, own, { email: 'second@example.com', role: 'admin' });
    expect(second.userId).toBeDefined();
    const stepDown = await client.graphql(ROLE, { input: { userId: soleAdmin.userId, role: 'analyst' } });
    expect(stepDown.body.data.changeDashboardUserRole.role).toBe('analyst');
  });
});

describe('account', () => {
  it('changing a password needs the current one (400 current_password_incorrect) and a long enough new one', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'pw@example.com' });
    const client = await signInToConsole(platform, user);
    const wrong = await client.graphql(PASSWORD, { input: { currentPassword: 'nope', newPassword: 'another long password' } });
    expect([wrong.status, wrong.body.errors[0].extensions.code]).toEqual([400, 'current_password_incorrect']);
    const short = await client.graphql(PASSWORD, { input: { currentPassword: user.password, newPassword: 'short' } });
    expect([short.body.errors[0].extensions.code, short.body.errors[0].extensions.field]).toEqual([
      'schema_validation_failed',
      'newPassword',
    ]);
    const changed = await client.graphql(PASSWORD, { input: { currentPassword: user.password, newPassword: 'another long password' } });
    expect(changed.body.data.changePassword).toEqual({ hasPassword: true });
    await signInToConsole(platform, { email: user.email, password: 'another long password' });
  });
});

describe('CLI', () => {
  const cli = async (...args: string[]) =>
    (await runCli(args, { env: { VIGIL_LOG_LEVEL: 'silent', VIGIL_PUBLIC_BASE_URL: platform.restUrl } })) as Record<string, string>;

  it('invite-user, sign-in-link, set-user-role and deactivate-user, with the last-admin rule', async () => {
    const own = await createTestTenant(platform);
    const email = tenantEmail(own, 'cli.admin@example.com');
    const invited = await cli('invite-user', '--workspace', own.workspaceId, '--email', email, '--role', 'admin');
    expect(invited).toMatchObject({ email, role: 'admin', signInLink: expect.stringContaining('/console/auth/link?token=vgll_') });
    const opened = await fetch(invited.signInLink, { redirect: 'manual' });
    expect(opened.headers.get('location')).toBe('/console/account?setup=1');
    const link = await cli('sign-in-link', '--workspace', own.workspaceId, '--email', email.toUpperCase());
    expect(link.signInLink).toContain('/console/auth/link?token=vgll_');

    await expect(cli('set-user-role', '--workspace', own.workspaceId, '--user', invited.userId, '--role', 'viewer')).rejects.toMatchObject({
      stderr: expect.stringContaining('last_workspace_admin'),
    });
    const other = await cli('invite-user', '--workspace', own.workspaceId, '--email', tenantEmail(own, 'cli.other@example.com'));
    expect(await cli('set-user-role', '--workspace', own.workspaceId, '--user', other.userId, '--role', 'reviewer')).toEqual({
      userId: other.userId,
      workspaceId: own.workspaceId,
      role: 'reviewer',
    });
    const off = await cli('deactivate-user', '--workspace', own.workspaceId, '--user', other.userId);
    expect(off.deactivatedAt).toEqual(expect.any(String));
  }, 120_000);
});
