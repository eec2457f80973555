/** The progress call's path, apart from its schema so the client's first page can name it without zod. */
export const progressPaths = { progress: '/api/progress' } as const;
