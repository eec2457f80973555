import type { ImageFormat, ImageStyle } from '../../shared/catalogs/image-styles';

export type ImageProviderName = 'leonardo' | 'openai' | 'builtin';

export interface ImageRequest {
  /** What to draw, in the learner's words: the Spanish word (with article) and its Russian translation. */
  subject: { spanish: string; russian?: string | undefined };
  /** The full prompt for a model that draws (style template applied); the built-in provider ignores it. */
  prompt: string;
  style: ImageStyle;
  format: ImageFormat;
  /**
   * An emoji the built-in pictures draw as it is instead of matching the subject (a style's own icon, for
   * its preview); providers that draw from the prompt ignore it.
   */
  emoji?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface GeneratedImage {
  image: Buffer;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
}

export interface ImageGenerator {
  readonly provider: ImageProviderName;
  generate(request: ImageRequest): Promise<GeneratedImage>;
}
