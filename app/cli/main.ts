// `npm run cli -- <command> [--flag value]`: administration of tenants, workspaces, applications,
// API keys, dashboard tokens and console users (invite, role, deactivate, sign-in links, single sign-on),
// and the screening threshold lab's figures for a workspace. Against DATABASE_URL, or the embedded database of `npm start`.
import { loadConfig } from '../../platform/config';
import { createDb, Db } from '../../platform/db/prisma';
import { applyMigrations } from '../../platform/db/migrations';
import { prepareLocalEnvironment } from '../../platform/config/local-environment';
import type { Entitlements } from '../../platform/principal/principal';
import { DASHBOARD_ROLES, DashboardRole, isDashboardRole } from '../../platform/principal/roles';
import {
  createApplication,
  createDashboardUser,
  createTenant,
  createWorkspace,
  issueApiKey,
  issueDashboardToken,
  listApplications,
  revokeApiKey,
  setApplicationEntitlement,
} from '../../platform/tenancy/tenancy-store';
import { runCli } from './run-cli';
import { logger } from '../../platform/logging/logger';
import { ScreeningIndexHolder } from '../../subgraphs/screening/services/index-holder';
import { evaluateThresholdLab, thresholdLabView } from '../../subgraphs/screening/services/threshold-lab-service';
import fs from 'node:fs';
import { verifyAuditChains } from '../../platform/audit/verify';
import { configuredSigningKey, publicKeyFrom } from '../../platform/audit/signing';
import { accessDeps } from '../../subgraphs/access/services/deps';
import { addDashboardUser, changeMemberRole, deactivateMember, issueSignInLink } from '../../subgraphs/access/services/admin-service';
import { findUserByEmail } from '../../subgraphs/access/data/user-store';
import { normalizeEmail } from '../../platform/tenancy/tenancy-store';
import { configureSso, removeSso } from '../../subgraphs/access/oidc/services/sso-configuration';
import { oidcRedirectUri } from '../../subgraphs/access/oidc/services/oidc-sign-in';

type Flags = Record<string, string>;

/** A command resolves to nothing (exit 0) or its exit code. */
const COMMANDS: Record<string, { usage: string; subcommand?: string; run(db: Db, flags: Flags): Promise<void | number> }> = {
  'create-tenant': {
    usage: 'create-tenant --name <name>',
    async run(db, flags) {
      const tenant = await createTenant(db, need(flags, 'name'));
      print({ tenantId: tenant.id, name: tenant.name });
    },
  },
  'create-workspace': {
    usage: 'create-workspace --tenant <tenantId> --name <name>',
    async run(db, flags) {
      const workspace = await createWorkspace(db, need(flags, 'tenant'), need(flags, 'name'));
      print({ workspaceId: workspace.id, tenantId: workspace.tenantId, name: workspace.name });
    },
  },
  'create-application': {
    usage: 'create-application --workspace <workspaceId> --name <name> [--entitlements <json>]',
    async run(db, flags) {
      const entitlements: Entitlements = flags.entitlements ? (JSON.parse(flags.entitlements) as Entitlements) : {};
      const { application, apiKey } = await createApplication(db, {
        workspaceId: need(flags, 'workspace'),
        name: need(flags, 'name'),
        entitlements,
      });
      print({
        applicationId: application.id,
        keyId: apiKey.id,
        apiKey: apiKey.key,
        note: 'the API key is shown once; only its hash is stored',
      });
    },
  },
  'create-api-key': {
    usage: 'create-api-key --application <applicationId>',
    async run(db, flags) {
      const apiKey = await issueApiKey(db, need(flags, 'application'));
      print({ keyId: apiKey.id, apiKey: apiKey.key, note: 'the API key is shown once; only its hash is stored' });
    },
  },
  'revoke-key': {
    usage: 'revoke-key --key <keyId>',
    async run(db, flags) {
      const revoked = await revokeApiKey(db, need(flags, 'key'));
      if (!revoked) throw new Error('no active key with that id');
      print({ keyId: flags.key, revoked: true });
    },
  },
  'list-applications': {
    usage: 'list-applications [--workspace <workspaceId>]',
    async run(db, flags) {
      const applications = await listApplications(db, flags.workspace);
      print(
        applications.map((app) => ({
          applicationId: app.id,
          name: app.name,
          tenantId: app.tenantId,
          workspaceId: app.workspaceId,
          keys: app.apiKeys.map((key) => ({ keyId: key.id, prefix: key.prefix, revoked: key.revokedAt !== null })),
        })),
      );
    },
  },
  'screening-threshold-lab': {
    usage: 'screening-threshold-lab --tenant <tenantId> --workspace <workspaceId> --threshold <0..1> [--feeds <all|Sanctions,PEP,...>]',
    async run(db, flags) {
      const threshold = Number(need(flags, 'threshold'));
      // The lab searches the served lists: this process builds the index from the database, as a
      // screening replica does at start.
      const holder = new ScreeningIndexHolder({ databaseUrl: loadConfig().databaseUrl, log: logger });
      holder.start();
      try {
        await holder.whenReady(120_000);
        const lab = await evaluateThresholdLab(
          { db, holder },
          { tenantId: need(flags, 'tenant'), workspaceId: need(flags, 'workspace') },
          { threshold, feeds: flags.feeds ? flags.feeds.split(',') : undefined },
        );
        print(thresholdLabView(lab));
      } finally {
        await holder.close();
      }
    },
  },
  'create-dashboard-token': {
    usage:
      'create-dashboard-token --workspace <workspaceId> --email <email> [--name <name>] [--role <viewer|analyst|reviewer|admin>] [--hours <n>]',
    async run(db, flags) {
      const role = flags.role ?? 'analyst';
      if (!isDashboardRole(role)) throw new Error(`--role must be one of ${DASHBOARD_ROLES.join(', ')}`);
      const user = await createDashboardUser(db, {
        workspaceId: need(flags, 'workspace'),
        email: need(flags, 'email'),
        name: flags.name ?? flags.email,
        role,
      });
      const { token, expiresAt } = await issueDashboardToken(
        db,
        user.id,
        flags.hours ? Number(flags.hours) * 3600_000 : undefined,
        need(flags, 'workspace'),
      );
      print({
        userId: user.id,
        role,
        token,
        expiresAt: expiresAt.toISOString(),
        note: 'send as Authorization: Bearer <token>; shown once',
      });
    },
  },
  'invite-user': {
    usage: 'invite-user --workspace <workspaceId> --email <email> [--name <name>] [--role viewer|analyst|reviewer|admin]',
    async run(db, flags) {
      const workspace = await db.workspace.findUniqueOrThrow({ where: { id: need(flags, 'workspace') } });
      const { user, link } = await addDashboardUser(accessDeps(db, loadConfig()), {
        workspaceId: workspace.id,
        email: need(flags, 'email'),
        name: flags.name ?? flags.email,
        role: role(flags.role ?? 'analyst'),
      });
      print({
        userId: user.id,
        email: user.email,
        role: flags.role ?? 'analyst',
        signInLink: link.url,
        expiresAt: link.expiresAt.toISOString(),
      });
    },
  },
  'set-user-role': {
    usage: 'set-user-role --workspace <workspaceId> --user <userId> --role viewer|analyst|reviewer|admin',
    async run(db, flags) {
      const workspace = await db.workspace.findUniqueOrThrow({ where: { id: need(flags, 'workspace') } });
      const member = await changeMemberRole(
        accessDeps(db, loadConfig()),
        { tenantId: workspace.tenantId, workspaceId: workspace.id },
        need(flags, 'user'),
        role(need(flags, 'role')),
      );
      print({ userId: member.id, workspaceId: workspace.id, role: member.role });
    },
  },
  'deactivate-user': {
    usage: 'deactivate-user --workspace <workspaceId> --user <userId>',
    async run(db, flags) {
      const workspace = await db.workspace.findUniqueOrThrow({ where: { id: need(flags, 'workspace') } });
      const user = await deactivateMember(
        accessDeps(db, loadConfig()),
        { tenantId: workspace.tenantId, workspaceId: workspace.id },
        need(flags, 'user'),
      );
      print({ userId: user.id, deactivatedAt: user.deactivatedAt?.toISOString() ?? null });
    },
  },
  'sign-in-link': {
    usage: 'sign-in-link --workspace <workspaceId> --email <email>   (a one-time console link, e.g. for a lost invitation)',
    async run(db, flags) {
      const workspaceId = need(flags, 'workspace');
      const user = await findUserByEmail(db, normalizeEmail(need(flags, 'email')));
      const membership = user
        ? await db.dashboardMembership.findUnique({ where: { userId_workspaceId: { userId: user.id, workspaceId } } })
        : null;
      if (!user || user.deactivatedAt || !membership) throw new Error('no active member of that workspace with that email');
      const link = await issueSignInLink(accessDeps(db, loadConfig()), { userId: user.id, workspaceId, purpose: 'operator' });
      print({ userId: user.id, signInLink: link.url, expiresAt: link.expiresAt.toISOString() });
    },
  },
  'configure-sso': {
    usage:
      'configure-sso --workspace <workspaceId> --issuer <url> --client-id <id> (--client-secret-file <path> | --client-secret <secret>) [--email-claim email] [--provision-role viewer|analyst|reviewer|admin]   |   configure-sso --workspace <workspaceId> --remove true',
    async run(db, flags) {
      const config = loadConfig();
      const deps = accessDeps(db, config);
      const workspaceId = need(flags, 'workspace');
      if (flags.remove === 'true') {
        print({ workspaceId, removed: await removeSso(deps, workspaceId) });
        return;
      }
      // A file keeps the secret out of the shell history and the process list.
      const secret = flags['client-secret-file']
        ? fs.readFileSync(flags['client-secret-file'], 'utf8').trim()
        : need(flags, 'client-secret');
      const saved = await configureSso(deps, {
        workspaceId,
        issuer: need(flags, 'issuer'),
        clientId: need(flags, 'client-id'),
        clientSecret: secret,
        emailClaim: flags['email-claim'],
        provisionRole: flags['provision-role'] ? role(flags['provision-role']) : null,
      });
      // Everything but the secret, and what to register at the provider.
      print({
        tenantId: saved.tenantId,
        issuer: saved.issuer,
        clientId: saved.clientId,
        emailClaim: saved.emailClaim,
        provisionRole: saved.provisionRole,
        provisionWorkspaceId: saved.provisionRole ? saved.provisionWorkspaceId : null,
        redirectUri: oidcRedirectUri(deps),
        scopes: 'openid email profile',
        signInUrl: `${config.publicBaseUrl.replace(/\/+$/, '')}/console/auth/oidc/start?tenant=${encodeURIComponent(saved.tenantId)}`,
      });
    },
  },
  'set-entitlement': {
    usage: 'set-entitlement --application <applicationId> --name <riskAssessments|sessionOverrides|watchlistAdmin> --value <true|false>',
    async run(db, flags) {
      const name = need(flags, 'name');
      if (!['riskAssessments', 'sessionOverrides', 'watchlistAdmin'].includes(name))
        throw new Error(`--name must be riskAssessments, sessionOverrides or watchlistAdmin`);
      const value = need(flags, 'value');
      if (value !== 'true' && value !== 'false') throw new Error('--value must be true or false');
      const entitlements = await setApplicationEntitlement(db, need(flags, 'application'), name as 'riskAssessments', value === 'true');
      print({ applicationId: flags.application, entitlements });
    },
  },
  audit: {
    usage:
      'audit verify [--workspace <workspaceId>] [--public-key <base64 SPKI or PEM file>]   |   audit verify-pack <pack.json|pack.pdf> [--public-key <base64 SPKI or PEM file>]',
    subcommand: 'verify',
    async run(db, flags) {
      const keyText = flags['public-key'];
      const publicKey = keyText
        ? publicKeyFrom(fs.existsSync(keyText) ? fs.readFileSync(keyText, 'utf8') : keyText)
        : configuredSigningKey()?.publicKey;
      if (!publicKey) process.stderr.write('warning: no signing key configured; checkpoint signatures are not checked\n');
      const reports = await verifyAuditChains(db, {
        workspaceId: flags.workspace || undefined,
        publicKey,
        progress: (line) => process.stderr.write(`${line}\n`),
      });
      if (flags.workspace && reports.length === 0) throw new Error(`no audit chain for workspace ${flags.workspace}`);
      const problems = reports.flatMap((report) => report.problems);
      for (const found of problems)
        process.stdout.write(`${found.kind.toUpperCase()} ${found.tenantId}/${found.workspaceId}: ${found.message}\n`);
      const entries = reports.reduce((sum, report) => sum + report.entries, 0);
      process.stdout.write(
        problems.length
          ? `audit verify FAILED: ${problems.length} problem(s) in ${reports.length} workspace chain(s)\n`
          : `audit verify OK: ${reports.length} workspace chain(s), ${entries} entries\n`,
      );
      return problems.length ? 1 : 0;
    },
  },
};

// Loaded on use: the PDF reader (pdfkit) is not worth its start-up time to every other command.
async function verifyPackCommand(flags: Flags, file: string | undefined): Promise<number> {
  const { verifyPackBytes } = await import('../../platform/audit/evidence/verify-pack-file');
  if (!file || file.startsWith('--')) throw new Error('audit verify-pack needs the pack file (JSON or PDF)');
  const keyText = flags['public-key'];
  const report = verifyPackBytes(
    fs.readFileSync(file),
    keyText ? (fs.existsSync(keyText) ? fs.readFileSync(keyText, 'utf8') : keyText) : undefined,
  );
  if (!keyText) process.stderr.write("warning: no --public-key given; checked against the pack's own key (compare its fingerprint)\n");
  process.stdout.write(report.lines.join('\n') + '\n');
  return report.ok ? 0 : 1;
}

function parseFlags(args: string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    if (!args[i].startsWith('--')) throw new Error(`unexpected argument "${args[i]}"`);
    flags[args[i].slice(2)] = args[i + 1] ?? '';
    i++;
  }
  return flags;
}

function need(flags: Flags, name: string): string {
  if (!flags[name]) throw new Error(`--${name} is required`);
  return flags[name];
}

function role(value: string): DashboardRole {
  if (!isDashboardRole(value)) throw new Error(`--role must be one of ${DASHBOARD_ROLES.join(', ')}`);
  return value;
}

function print(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

function usage(): string {
  return ['usage: npm run cli -- <command> [flags]', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join('\n');
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(usage() + '\n');
    return name ? 2 : 0;
  }
  // Offline: a pack is checked with nothing but itself (and a public key kept apart), no database.
  if (name === 'audit' && rest[0] === 'verify-pack') {
    try {
      return await verifyPackCommand(parseFlags(rest.slice(2)), rest[1]);
    } catch (error) {
      process.stderr.write(`error: ${(error as Error).message}\n${command.usage}\n`);
      return 1;
    }
  }
  const database = await prepareLocalEnvironment(process.env);
  const db = createDb(loadConfig().databaseUrl, 2);
  try {
    await applyMigrations(loadConfig().databaseUrl);
    if (command.subcommand && rest.shift() !== command.subcommand) throw new Error(`unknown subcommand`);
    return (await command.run(db, parseFlags(rest))) ?? 0;
  } catch (error) {
    // Domain errors name their code (last_workspace_admin, dashboard_user_exists ...).
    const code = (error as { code?: unknown }).code;
    const prefix = typeof code === 'string' && /^[a-z_]+$/.test(code) ? `${code}: ` : '';
    process.stderr.write(`error: ${prefix}${(error as Error).message}\n${command.usage}\n`);
    return 1;
  } finally {
    await db.$disconnect();
    await database?.stop();
  }
}

runCli(main);
