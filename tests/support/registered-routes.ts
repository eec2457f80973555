import type { FastifyInstance } from 'fastify';

/**
 * Every `METHOD /path` the app answers, read from Fastify's route tree (children print only their own
 * suffix, which need not start with '/'), so a test over "every route" includes routes added later without being told.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: { indent: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    // A child may be a bare suffix: '/image' has the child 's' for '/images'.
    const match = /^(.*?── )(\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const indent = match[1]!.length;
    while (parents.length > 0 && parents.at(-1)!.indent >= indent) parents.pop();
    const path = (parents.at(-1)?.path ?? '') + match[2]!;
    parents.push({ indent, path });
    for (const method of match[3]!.split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
