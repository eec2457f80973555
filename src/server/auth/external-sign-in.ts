import * as oidc from 'openid-client';
import type { OidcClientConfig } from '../env';

export type ExternalProvider = 'oidc' | 'google';

export interface ExternalIdentity {
  provider: ExternalProvider;
  subject: string;
  email: string | null;
  isEmailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** What must survive the round trip to the identity provider; kept in a short-lived signed cookie. */
export interface SignInFlowState {
  provider: ExternalProvider;
  state: string;
  nonce: string;
  codeVerifier: string;
}

// Google's endpoints are fixed, so no discovery request is needed at start-up or sign-in.
const GOOGLE_METADATA: oidc.ServerMetadata = {
  issuer: 'https://accounts.google.com',
  authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  token_endpoint: 'https://oauth2.googleapis.com/token',
  jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
  userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
};

const stringClaim = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function createExternalSignIn(options: {
  oidc?: OidcClientConfig | undefined;
  google?: { clientId: string; clientSecret: string } | undefined;
}) {
  let oidcConfiguration: Promise<oidc.Configuration> | undefined;

  function configurationOf(provider: ExternalProvider): Promise<oidc.Configuration> {
    switch (provider) {
      case 'oidc': {
        const settings = options.oidc;
        if (!settings) throw new Error('Hosted sign-in is not configured');
        // Discovered lazily so the app starts even while the identity provider is unreachable;
        // a failed discovery is forgotten so the next sign-in tries again.
        oidcConfiguration ??= oidc
          .discovery(
            new URL(settings.issuerUrl),
            settings.clientId,
            settings.clientSecret,
            undefined,
            new URL(settings.issuerUrl).protocol === 'http:'
              ? // A plain-http issuer is only ever a local one (development, tests); openid-client
                // refuses it unless told so explicitly.
                // eslint-disable-next-line @typescript-eslint/no-deprecated
                { execute: [oidc.allowInsecureRequests] }
              : undefined,
          )
          .catch((error: unknown) => {
            oidcConfiguration = undefined;
            throw error;
          });
        return oidcConfiguration;
      }
      case 'google': {
        const settings = options.google;
        if (!settings) throw new Error('Google sign-in is not configured');
        return Promise.resolve(
          new oidc.Configuration(GOOGLE_METADATA, settings.clientId, settings.clientSecret),
        );
      }
    }
  }

  return {
    isConfigured: (provider: ExternalProvider) =>
      Boolean(provider === 'oidc' ? options.oidc : options.google),

    async start(
      provider: ExternalProvider,
      redirectUri: string,
    ): Promise<{ url: URL; flow: SignInFlowState }> {
      const configuration = await configurationOf(provider);
      const flow: SignInFlowState = {
        provider,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url, flow };
    },

    async finish(flow: SignInFlowState, callbackUrl: URL): Promise<ExternalIdentity> {
      const configuration = await configurationOf(flow.provider);
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idTokenClaims = tokens.claims();
      if (!idTokenClaims) throw new Error('The identity provider returned no ID token');
      // In the code flow a conforming provider returns the profile and e-mail claims only from userinfo
      // (OIDC Core §5.4); some (Google) copy them into the ID token too, but none has to.
      const userInfo = configuration.serverMetadata().userinfo_endpoint
        ? await oidc.fetchUserInfo(configuration, tokens.access_token, idTokenClaims.sub)
        : undefined;
      const claims = { ...idTokenClaims, ...userInfo };
      return {
        provider: flow.provider,
        subject: claims.sub,
        email: stringClaim(claims.email)?.toLowerCase() ?? null,
        isEmailVerified: claims.email_verified === true,
        firstName: stringClaim(claims.given_name) ?? stringClaim(claims.first_name),
        lastName: stringClaim(claims.family_name) ?? stringClaim(claims.last_name),
        profileImageUrl: stringClaim(claims.picture),
      };
    },
  };
}
export type ExternalSignIn = ReturnType<typeof createExternalSignIn>;
