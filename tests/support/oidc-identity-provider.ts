import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IdentityProviderAccount {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

export interface IdentityProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Keyed by subject; the dev login form accepts any of these as the login name. Mutable between sign-ins. */
  accounts: Map<string, IdentityProviderAccount>;
  /**
   * false puts the profile and e-mail claims into the ID token as well; true (the library default and
   * what the spec prescribes for the code flow) leaves them to the userinfo endpoint.
   */
  conformIdTokenClaims?: boolean;
}

export interface IdentityProvider {
  issuer: string;
  authorizationEndpoint: string;
  /** Goes through the provider's login and consent pages as a browser would; resolves to the redirect back. */
  authorize(authorizationUrl: URL, login: string): Promise<URL>;
  close(): Promise<void>;
}

/** A real OpenID Connect provider on a loopback port, with oidc-provider's development login and consent forms. */
export async function startIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  // The issuer must carry the port, which is only known once the server listens.
  let handle: RequestListener = (_request, response) => response.writeHead(503).end();
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_ctx, sub) => {
      const account = options.accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, ...account, first_name: account.given_name }),
      };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'first_name'],
    },
    cookies: { keys: ['identity-provider-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    // Confidential clients are not forced into PKCE by default; the app always sends it, so demand it.
    pkce: { required: () => true },
    conformIdTokenClaims: options.conformIdTokenClaims ?? true,
    // Explicit lifetimes keep the library from printing a notice for every token it issues.
    ttl: { AccessToken: 60, AuthorizationCode: 60, IdToken: 60, Interaction: 600, Session: 600, Grant: 600 },
  });
  const failures: unknown[] = [];
  provider.on('server_error', (_ctx, error) => failures.push(error));
  handle = provider.callback();

  return {
    issuer,
    authorizationEndpoint: `${issuer}/auth`,
    authorize: (authorizationUrl, login) => walkToRedirect(issuer, authorizationUrl, login, failures),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Just enough of a browser's cookie handling for one origin; paths are ignored, which the provider tolerates. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const isExpired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(attributeValue) <= Date.now();
        return false;
      });
      if (isExpired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const decodeHtml = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

const attributeOf = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : decodeHtml(match[1]);
};

/** The page's form as the provider would receive it, with the login fields filled in. */
function submissionOf(html: string, pageUrl: URL, login: string): { action: URL; fields: URLSearchParams } {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`The identity provider answered a page without a form:\n${html}`);
  const fields = new URLSearchParams();
  for (const [input] of (form[2] ?? '').matchAll(/<input\b[^>]*>/g)) {
    const name = attributeOf(input, 'name');
    if (!name) continue;
    if (name === 'login') fields.set(name, login);
    else if (name === 'password') fields.set(name, 'any password will do');
    else fields.set(name, attributeOf(input, 'value') ?? '');
  }
  return { action: new URL(attributeOf(form[1] ?? '', 'action') ?? '', pageUrl), fields };
}

async function walkToRedirect(
  issuer: string,
  authorizationUrl: URL,
  login: string,
  failures: unknown[],
): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  // Login, consent and the redirects between them take well under this many steps.
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: { cookie: jar.header() },
      body,
      redirect: 'manual',
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      body = undefined;
      if (url.origin !== issuer) return url;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) {
      throw new Error(`The identity provider answered ${response.status} at ${url.href}:\n${page}`, {
        cause: failures.at(-1),
      });
    }
    const submission = submissionOf(page, url, login);
    url = submission.action;
    body = submission.fields;
  }
  throw new Error('The identity provider never redirected back to the app');
}
