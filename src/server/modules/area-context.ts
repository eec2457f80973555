import type { SessionResolver } from '../auth/session-cookie';
import type { Db } from '../db/client';

/**
 * What every area's `index.ts` is given besides its own needs: the database, the sign-in check its routes
 * run, and the clock tests move. An area creates its repositories and services from it, registers its
 * routes, and returns what other areas and the jobs (src/server/jobs/index.ts) use of it.
 */
export interface AreaContext {
  db: Db;
  sessionResolver: SessionResolver;
  now?: () => Date;
}
