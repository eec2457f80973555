import { z } from 'zod';

/** `GET /healthz`: the process answers (docs/DEPLOY.md#health-and-readiness). */
export const HEALTH_PATH = '/healthz';
/** `GET /readyz`: this instance should get requests: its database answers and is migrated. */
export const READINESS_PATH = '/readyz';

export const healthSchema = z.object({ status: z.literal('ok') });

/** Why an instance is not ready; `ready` when it is. */
export const readinessStatusSchema = z.enum(['ready', 'database_unavailable', 'migrations_pending']);
export const readinessSchema = z.object({ status: readinessStatusSchema });
export type ReadinessStatus = z.infer<typeof readinessStatusSchema>;
