import { z } from 'zod';

/**
 * The widths a picture is served at besides its own (docs/product/media.md#picture-variants). A short fixed
 * ladder, not any width a client asks for: each width is made once and kept, so the set must stay small.
 */
export const PICTURE_WIDTHS = [64, 128, 256, 384, 512, 768, 1024, 1536, 2048] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

export const isPictureWidth = (value: number): value is PictureWidth =>
  (PICTURE_WIDTHS as readonly number[]).includes(value);

/** `GET /media/<sha256>.<ext>?w=<width>`: without `w`, the stored bytes themselves. */
export const mediaQuerySchema = z.object({
  w: z.coerce
    .number()
    .int()
    .refine(isPictureWidth, { message: `one of ${PICTURE_WIDTHS.join(', ')}` })
    .optional(),
});
