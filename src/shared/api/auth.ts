import { z } from 'zod';
import { safeText } from './fields';

export const authPaths = {
  register: '/auth/register',
  login: '/auth/login',
  status: '/api/auth/status',
  user: '/api/auth/user',
  logout: '/api/logout',
  learnLogout: '/api/auth/logout',
  hostedLogin: '/api/login',
  hostedCallback: '/api/callback',
  googleLogin: '/auth/google',
  googleCallback: '/auth/google/callback',
  providers: '/api/auth/providers',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

const email = z.email().trim().toLowerCase().max(254);

export const registerRequestSchema = z.object({
  email,
  password: z.string().min(PASSWORD_MIN_LENGTH).max(200),
  firstName: safeText().trim().max(100).optional().default(''),
  lastName: safeText().trim().max(100).optional().default(''),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** The identity provider's first-name claim, read by the user menu before firstName. */
  claims: z.object({ first_name: z.string().nullable() }),
});
export type User = z.infer<typeof userSchema>;

export const authStatusSchema = z.object({ isAuthenticated: z.boolean() });
export type AuthStatus = z.infer<typeof authStatusSchema>;

export const authSuccessSchema = z.object({ user: userSchema });

/**
 * Which external sign-in methods this server has configured (docs/product/auth.md#sign-in-methods:
 * unconfigured ones are shown disabled).
 */
export const authProvidersSchema = z.object({ hosted: z.boolean(), google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** Reasons the auth-error page understands (docs/product/auth.md#auth-error-page). */
export const AUTH_ERROR_REASONS = ['auth_error', 'no_user', 'login_failed'] as const;
