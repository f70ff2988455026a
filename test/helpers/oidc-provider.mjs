// A real OpenID provider for the single sign-on tests: oidc-provider (ESM only, so a child process
// rather than inside jest), on a free loopback port, with one confidential client registered for
// the test's redirect URI. Any email signs in: the account id is the email, and the ID token
// carries it (email, email_verified, name).
//
// The interaction is minimal instead of oidc-provider's development pages: the browser (the
// test) is sent to GET /interaction/<uid>, then POSTs /interaction/<uid>/login with `email=...`,
// which logs in and grants the requested scopes in one step (what a real provider's login and
// consent screens do), and the provider resumes the authorization back to the client.
//
// Input: the environment (OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI, OIDC_ISSUER_HOST). Output: one
// JSON line `{"issuer": "http://127.0.0.1:<port>"}` on stdout once listening. Ends on SIGTERM.
import http from 'node:http';
import { URLSearchParams } from 'node:url';
import Provider from 'oidc-provider';

const clientId = process.env.OIDC_CLIENT_ID ?? 'vigil-console';
const clientSecret = process.env.OIDC_CLIENT_SECRET ?? 'vigil-console-secret';
const redirectUri = process.env.OIDC_REDIRECT_URI;
if (!redirectUri) throw new Error('OIDC_REDIRECT_URI is required');

let provider;
const server = http.createServer((req, res) => {
  route(req, res).catch((error) => {
    res.statusCode = 500;
    res.end(String(error?.message ?? error));
  });
});

async function route(req, res) {
  const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
  if (!match) return provider.callback()(req, res);
  const details = await provider.interactionDetails(req, res);
  if (!match[2]) {
    res.setHeader('content-type', 'text/html');
    return res.end(`<form method="post" action="/interaction/${details.uid}/login"><input name="email"><button>Sign in</button></form>`);
  }
  let body = '';
  for await (const chunk of req) body += chunk;
  const email = new URLSearchParams(body).get('email');
  if (!email) {
    res.statusCode = 400;
    return res.end('email is required');
  }
  const grant = new provider.Grant({ accountId: email, clientId: details.params.client_id });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId: email }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

server.listen(0, '127.0.0.1', () => {
  // OIDC_ISSUER_HOST=localhost puts the provider on another site than a console on 127.0.0.1.
  const issuer = `http://${process.env.OIDC_ISSUER_HOST ?? '127.0.0.1'}:${server.address().port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: sub, email_verified: true, name: `SSO ${sub.split('@')[0]}` };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The email in the ID token itself (as Entra ID and Keycloak send it).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['vigil-test-oidc-provider-cookie-key'] },
  });
  process.stdout.write(JSON.stringify({ issuer }) + '\n');
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
