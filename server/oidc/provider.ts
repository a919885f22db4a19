import Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { findUserByAid } from '../db/users.ts';
import { loopbackAlias, OIDC_CLIENT_ID, OIDC_SCOPE } from '../config.ts';
import { SqlOidcAdapter } from './adapter.ts';
import { loadOrCreateSecrets } from './keys.ts';
import { loggedOutPage, logoutPage, oidcErrorPage } from './pages.ts';
import { installSessionIndicator } from './sessionIndicator.ts';

export const OIDC_MOUNT_PATH = '/oidc';
const DAY_S = 24 * 60 * 60;
const REFRESH_TOKEN_TTL_S = 14 * DAY_S;
/** How long a provider session (and so the session-indicator cookie) lasts. */
export const SESSION_TTL_S = REFRESH_TOKEN_TTL_S;

export interface OidcOptions {
  db: Db;
  dataDir: string;
  publicUrl: string;
  accessTokenTtlSeconds: number;
}

/** `url` and, for a loopback host, the same URL with localhost ↔ 127.0.0.1 swapped. */
function withAlias(url: string): string[] {
  const alias = loopbackAlias(url);
  return alias ? [url, alias] : [url];
}

/** Sign-in for the first-party dashboard: code + PKCE, rotating refresh tokens, no consent screen. */
export function createOidcProvider({ db, dataDir, publicUrl, accessTokenTtlSeconds }: OidcOptions): Provider {
  const secrets = loadOrCreateSecrets(dataDir);
  const redirectUris = withAlias(`${publicUrl}/auth-callback`);
  const allowedOrigins = new Set(redirectUris.map((uri) => new URL(uri).origin));

  const configuration: Configuration = {
    adapter: (model: string) => new SqlOidcAdapter(db, model),
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_name: 'Review Dashboard',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: [...withAlias(`${publicUrl}/signin`), ...withAlias(`${publicUrl}/`)],
        scope: OIDC_SCOPE,
      },
    ],
    responseTypes: ['code'],
    scopes: OIDC_SCOPE.split(' '),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Put the profile in the ID token too: the dashboard reads names without a userinfo call.
    conformIdTokenClaims: false,
    cookies: { keys: secrets.cookieKeys },
    jwks: secrets.jwks as Configuration['jwks'],
    pkce: { methods: ['S256'], required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage();
        },
      },
    },
    // The dashboard is served from the same origin; oidc-provider still checks Origin on token calls.
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    interactions: {
      url: (_ctx, interaction) => `${OIDC_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    // offline_access is dropped unless prompt=consent, which a first-party SPA never sends; the
    // client's grant types decide instead.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    loadExistingGrant: loadFirstPartyGrant,
    findAccount: async (_ctx, sub) => {
      const user = await findUserByAid(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.aid,
        claims: () => ({
          sub: user.aid,
          email: user.email,
          email_verified: true,
          given_name: user.first_name,
          family_name: user.last_name,
          name: `${user.first_name} ${user.last_name}`.trim(),
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = oidcErrorPage(out.error, out.error_description);
    },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: accessTokenTtlSeconds,
      Interaction: 60 * 60,
      Session: SESSION_TTL_S,
      Grant: REFRESH_TOKEN_TTL_S,
      // Rotation must not extend a public client's refresh token forever: keep the original expiry.
      RefreshToken: (ctx, _token, _client) => ctx?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL_S,
    },
  };

  const provider = new Provider(`${publicUrl}${OIDC_MOUNT_PATH}`, configuration);
  installSessionIndicator(provider, { publicUrl, sessionTtlSeconds: SESSION_TTL_S });
  return provider;
}

/**
 * The oidc-provider "skip consent" recipe for a first-party client: the grant always covers what
 * the dashboard asks for, so the consent prompt never shows.
 */
async function loadFirstPartyGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const client = oidc.client;
  const accountId = oidc.session?.accountId;
  if (!client || !accountId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
  const grant = (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ?? new oidc.provider.Grant({ clientId: client.clientId, accountId });
  if (client.clientId !== OIDC_CLIENT_ID) return grant;

  const requested = typeof oidc.params?.scope === 'string' ? oidc.params.scope : OIDC_SCOPE;
  grant.addOIDCScope([...new Set([...requested.split(' '), ...OIDC_SCOPE.split(' ')])].join(' '));
  grant.addOIDCClaims(['email', 'email_verified', 'given_name', 'family_name', 'name']);
  await grant.save();
  return grant;
}
