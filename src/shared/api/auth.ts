import { z } from 'zod';
import type { AuthStatus } from './auth-status';
import { safeText } from './fields';

export type { AuthStatus } from './auth-status';

export { authPaths } from './auth-paths';

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

/** The server's schema of the answer the client checks with `authStatusParser` (auth-status.ts). */
export const authStatusSchema = z.object({ isAuthenticated: z.boolean() }) satisfies z.ZodType<AuthStatus>;

export const authSuccessSchema = z.object({ user: userSchema });

/**
 * Which external sign-in methods this server has configured (docs/product/auth.md#sign-in-methods:
 * unconfigured ones are shown disabled).
 */
export const authProvidersSchema = z.object({ hosted: z.boolean(), google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** Reasons the auth-error page understands (docs/product/auth.md#auth-error-page). */
export const AUTH_ERROR_REASONS = ['auth_error', 'no_user', 'login_failed'] as const;
