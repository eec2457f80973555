import { z } from 'zod';

/** Every error the server answers has this body (DESIGN §3); `error` repeats `message` for the spec's auth forms. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  error: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
