import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/** The claims an account of the test provider gives (its login name is its subject). */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  /** Microsoft Entra ID's "e-mail domain owner verified". */
  xms_edov?: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by login name (= subject); tests add and change them freely. */
  accounts: Map<string, TestAccount>;
  /**
   * When set, the ID token the token endpoint answers is signed again with the provider's own key after this
   * change of its claims (a wrong audience, an expiry in the past).
   */
  tamper: ((claims: JWTPayload) => JWTPayload) | null;
  close: () => Promise<void>;
}

/**
 * A real OpenID Provider (oidc-provider) on 127.0.0.1, with one confidential client registered for the given
 * redirect URIs. Its development login page accepts any password; consent is implied for the client.
 */
export async function startTestProvider(options: {
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'prueba', alg: 'RS256', use: 'sig' };
  const clientId = options.clientId ?? 'egreso';
  const clientSecret = options.clientSecret ?? 'secreto-de-prueba-para-egreso';
  const accounts = new Map<string, TestAccount>();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['llave-de-cookies-de-prueba'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['name'] },
    // The claims go in the ID token itself, as Google's does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // The client is first party: no consent page.
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const clientId = ctx.oidc.client?.clientId;
      if (!session?.accountId || !clientId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'xms_edov', 'name']);
      await grant.save();
      return grant;
    },
  });
  const state: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamper: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && state.tamper && body?.id_token) {
      const header = decodeProtectedHeader(body.id_token);
      const claims = state.tamper(decodeJwt(body.id_token));
      body.id_token = await new SignJWT(claims)
        .setProtectedHeader({ alg: header.alg ?? 'RS256', kid: header.kid, typ: header.typ })
        .sign(privateKey);
    }
  });
  server.on('request', provider.callback());
  return state;
}

/** A browser's cookies for one site, kept across redirects. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * What a browser does at the provider: follows the authorization request, signs in as `login` on the development
 * login page, and follows the redirects until they leave the provider. Answers that last address (the callback).
 */
export async function signInAtProvider(op: TestProvider, authorizationUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let hops = 0; hops < 10; hops++) {
    if (url.origin !== op.issuer) return url;
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
      redirect: 'manual',
    });
    jar.store(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await res.text();
    if (res.status !== 200 || !/name="prompt" value="login"/.test(html)) {
      throw new Error(`unexpected answer from the provider: ${res.status} ${html.slice(0, 300)}`);
    }
    body = new URLSearchParams({ prompt: 'login', login, password: 'cualquiera' });
  }
  throw new Error('too many redirects at the provider');
}
