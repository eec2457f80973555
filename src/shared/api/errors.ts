import { z } from 'zod';

/**
 * Errors travel as codes (docs/product/errors.md): the server never builds a sentence a learner reads;
 * it sends a stable `code` and the `params` the sentence needs, and the client renders it through i18n
 * (`errors.<code>` in the catalogues). A per-item failure inside a job's results has the same shape.
 */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/** One failure as the client translates it. */
export const coded = z.object({
  code: z.string().min(1),
  params: errorParamsSchema.optional(),
});
export type CodedError = z.infer<typeof coded>;

/**
 * Every error the server answers has this body. `message` is for developers and logs (English, never
 * shown to a learner); `error` repeats it for clients of the original API.
 */
export const errorBodySchema = coded.extend({
  message: z.string(),
  error: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
