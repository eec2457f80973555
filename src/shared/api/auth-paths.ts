/** The sign-in paths, apart from the schemas so the client's first page can name them without zod. */
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
