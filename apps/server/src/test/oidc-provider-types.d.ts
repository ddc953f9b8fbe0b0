// oidc-provider ships no type declarations: the little the tests use of it.
declare module 'oidc-provider' {
  interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  interface GrantModel {
    new (init: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }
  interface Context {
    path: string;
    body: unknown;
    oidc: {
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      client?: { clientId: string };
      result?: { consent?: { grantId?: string } };
      provider: { Grant: GrantModel };
    };
  }
  interface Account {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    conformIdTokenClaims: boolean;
    features: Record<string, { enabled: boolean }>;
    pkce: { required: () => boolean };
    findAccount(ctx: Context, id: string): Promise<Account | undefined>;
    loadExistingGrant(ctx: Context): Promise<Grant | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
  }
}
