/** The settings' path, apart from the schemas so the client's first page can name it without zod. */
export const settingsPaths = {
  settings: '/api/settings',
} as const;
