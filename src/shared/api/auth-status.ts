/**
 * The auth status answer, the one call every page makes before anything else, checked by hand: the client's
 * first page carries no zod, so this is the single named exception to "every answer is parsed with its zod
 * schema" (docs/product/overview.md#serving-the-client). `authStatusSchema` in auth.ts describes the same
 * shape for the server's response schema; a unit test holds the two together.
 */

export interface AuthStatus {
  isAuthenticated: boolean;
}

/** The answer as an `AuthStatus`, or an error naming what is wrong; extra fields are dropped, as zod does. */
export const authStatusParser = {
  parse(value: unknown): AuthStatus {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new TypeError('auth status: expected an object');
    }
    const { isAuthenticated } = value as Record<string, unknown>;
    if (typeof isAuthenticated !== 'boolean') {
      throw new TypeError('auth status: isAuthenticated must be a boolean');
    }
    return { isAuthenticated };
  },
};

/**
 * The page the server serves carries `<meta name="palabra-session" content="present">` when the browser sent a
 * session cookie: a hint (not a check) that lets the client fetch a signed-in first screen early.
 */
export const SESSION_HINT_META = 'palabra-session';
