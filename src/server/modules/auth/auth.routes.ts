import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  authPaths,
  authProvidersSchema,
  authStatusSchema,
  authSuccessSchema,
  loginRequestSchema,
  registerRequestSchema,
  userSchema,
} from '../../../shared/api/auth';
import type { ExternalProvider, ExternalSignIn, SignInFlowState } from '../../auth/external-sign-in';
import {
  clearSessionCookie,
  type SessionResolver,
  setSessionCookie,
  userIdOf,
} from '../../auth/session-cookie';
import { SESSION_COOKIE, type SessionStore } from '../../auth/sessions';
import { unauthorized } from '../../http/app-error';
import { type AuthService, type SignInClient, toUserDto } from './auth.service';

const FLOW_COOKIE = 'palabra_flow';
const FLOW_TTL_SECONDS = 10 * 60;
/**
 * Remembers, per browser, the last account that signed in on it and a random id of the device, signed with
 * the app secret; a known device keeps its own attempt count (docs/product/auth.md#attempt-limits).
 */
const DEVICE_COOKIE = 'palabra_device';
const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
const deviceCookieSchema = z.object({ userId: z.string().min(1), deviceId: z.string().min(1) });

const flowStateSchema = z.object({
  provider: z.enum(['oidc', 'google']),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
});

export interface AuthRoutesDeps {
  auth: AuthService;
  sessions: SessionStore;
  sessionResolver: SessionResolver;
  externalSignIn: ExternalSignIn;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesDeps> = async (app, deps) => {
  const { auth, sessions, sessionResolver, externalSignIn } = deps;

  const rememberedDevice = (request: FastifyRequest): SignInClient['rememberedDevice'] => {
    const cookie = request.cookies[DEVICE_COOKIE];
    const unsigned = cookie ? request.unsignCookie(cookie) : undefined;
    if (!unsigned?.valid || !unsigned.value) return null;
    try {
      const parsed = deviceCookieSchema.safeParse(JSON.parse(unsigned.value));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    provider: string,
  ) => {
    const { token, expire } = await sessions.create(userId, provider, request.ip);
    setSessionCookie(request, reply, token, expire);
    const deviceId = rememberedDevice(request)?.deviceId ?? randomBytes(16).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, JSON.stringify({ userId, deviceId }), {
      path: '/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      signed: true,
      maxAge: DEVICE_TTL_SECONDS,
    });
  };

  app.post(
    authPaths.register,
    { schema: { body: registerRequestSchema, response: { 201: authSuccessSchema } } },
    async (request, reply) => {
      const user = await auth.register(request.body, request.ip);
      await startSession(request, reply, user.id, 'password');
      return reply.status(201).send({ user: toUserDto(user) });
    },
  );

  app.post(
    authPaths.login,
    { schema: { body: loginRequestSchema, response: { 200: authSuccessSchema } } },
    async (request, reply) => {
      const user = await auth.login(request.body.email, request.body.password, {
        address: request.ip,
        rememberedDevice: rememberedDevice(request),
      });
      await startSession(request, reply, user.id, 'password');
      return { user: toUserDto(user) };
    },
  );

  app.get(authPaths.status, { schema: { response: { 200: authStatusSchema } } }, async (request, reply) => {
    return { isAuthenticated: (await sessionResolver.resolveUserId(request, reply)) !== null };
  });

  app.get(
    authPaths.user,
    { preValidation: sessionResolver.requireUser, schema: { response: { 200: userSchema } } },
    async (request) => {
      const user = await auth.findUser(userIdOf(request));
      if (!user) throw unauthorized();
      return toUserDto(user);
    },
  );

  app.get(authPaths.providers, { schema: { response: { 200: authProvidersSchema } } }, async () => ({
    hosted: externalSignIn.isConfigured('oidc'),
    google: externalSignIn.isConfigured('google'),
  }));

  // Logout (docs/product/auth.md#logout): the app's menus POST, which the origin guard lets through only
  // from the app's own pages. The GET addresses stay for links and typed addresses, but act only on a
  // navigation the browser calls same-origin or typed (`none`), or on a client that says nothing; a link
  // on another site only lands the learner on the home page, still signed in.
  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await sessions.destroy(token);
    clearSessionCookie(reply);
  };
  const logoutByLink = async (request: FastifyRequest, reply: FastifyReply) => {
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none') {
      await endSession(request, reply);
    }
    return reply.redirect('/');
  };
  const logoutByMenu = async (request: FastifyRequest, reply: FastifyReply) => {
    await endSession(request, reply);
    return { isAuthenticated: false };
  };
  for (const path of [authPaths.logout, authPaths.learnLogout]) {
    app.get(path, logoutByLink);
    app.post(path, { schema: { response: { 200: authStatusSchema } } }, logoutByMenu);
  }

  // External sign-in (docs/product/auth.md#sign-in-methods): hosted OpenID Connect at /api/login, Google at
  // /auth/google.
  const callbackPath: Record<ExternalProvider, string> = {
    oidc: authPaths.hostedCallback,
    google: authPaths.googleCallback,
  };
  const failureReason: Record<ExternalProvider, string> = { oidc: 'auth_error', google: 'login_failed' };
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  const beginExternal = (provider: ExternalProvider, unconfiguredRedirect: string) =>
    async function (request: FastifyRequest, reply: FastifyReply) {
      if (!externalSignIn.isConfigured(provider)) return reply.redirect(unconfiguredRedirect);
      let target: string;
      try {
        const { url, flow } = await externalSignIn.start(
          provider,
          originOf(request) + callbackPath[provider],
        );
        reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          signed: true,
          maxAge: FLOW_TTL_SECONDS,
        });
        target = url.href;
      } catch (error) {
        request.log.error({ err: error, provider }, 'external sign-in could not start');
        target = `/auth-error?reason=${failureReason[provider]}`;
      }
      return reply.redirect(target);
    };

  const finishExternal = (provider: ExternalProvider) =>
    async function (request: FastifyRequest, reply: FastifyReply) {
      const cookie = request.cookies[FLOW_COOKIE];
      reply.clearCookie(FLOW_COOKIE, { path: '/' });
      const unsigned = cookie ? request.unsignCookie(cookie) : undefined;
      const parsed =
        unsigned?.valid && unsigned.value ? flowStateSchema.safeParse(JSON.parse(unsigned.value)) : undefined;
      if (!parsed?.success || parsed.data.provider !== provider) {
        return reply.redirect(`/auth-error?reason=${failureReason[provider]}`);
      }
      const flow: SignInFlowState = parsed.data;
      let target: string;
      try {
        const identity = await externalSignIn.finish(flow, new URL(request.url, originOf(request)));
        const user = await auth.signInExternal(identity);
        if (user) await startSession(request, reply, user.id, provider);
        target = user ? '/' : '/auth-error?reason=no_user';
      } catch (error) {
        request.log.warn({ err: error, provider }, 'external sign-in failed');
        target = `/auth-error?reason=${failureReason[provider]}`;
      }
      return reply.redirect(target);
    };

  app.get(authPaths.hostedLogin, beginExternal('oidc', '/login'));
  app.get(authPaths.hostedCallback, finishExternal('oidc'));
  app.get(authPaths.googleLogin, beginExternal('google', '/auth-error?reason=login_failed'));
  app.get(authPaths.googleCallback, finishExternal('google'));
};
