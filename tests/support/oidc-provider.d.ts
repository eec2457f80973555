// oidc-provider ships no type declarations; this covers only what the test identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    response_types?: string[];
    grant_types?: string[];
    token_endpoint_auth_method?: string;
  }

  export interface Configuration {
    clients?: ClientMetadata[];
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    cookies?: { keys?: string[] };
    features?: Record<string, { enabled: boolean } | undefined>;
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    conformIdTokenClaims?: boolean;
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
