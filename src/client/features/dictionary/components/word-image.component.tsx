import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { usePictureSource } from '../../../lib/hooks/picture-source.hook';
import type { PictureContext } from '../../../lib/picture-source';

interface WordImageProps {
  src: string | null;
  /** Where it is shown: picks the picture's width (docs/product/media.md#picture-variants). */
  context: PictureContext;
  alt: string;
  /** Shown instead of the picture when it has none or it fails to load. */
  fallbackLabel: string;
  /** Writes the label out (gallery tiles: 'Изображение недоступно') instead of an icon with hidden text. */
  isFallbackLabelVisible?: boolean;
  isLazy?: boolean;
  className?: string;
  imageClassName?: string;
}

/** A stored picture, or a labelled placeholder when there is none or it cannot load. */
export function WordImage({
  src,
  context,
  alt,
  fallbackLabel,
  isFallbackLabelVisible = false,
  isLazy = true,
  className,
  imageClassName,
}: WordImageProps) {
  const source = usePictureSource(src, context);
  // Remembering the failed source (not a flag) lets a new picture for the same word try again.
  const [failedSource, setFailedSource] = useState<string | null>(null);
  if (!source || failedSource === source) {
    return (
      <span
        className={cn(
          'flex items-center justify-center gap-1 bg-muted p-1 text-center text-xs text-muted-foreground',
          className,
        )}
        data-broken={source ? 'true' : undefined}
      >
        {isFallbackLabelVisible ? (
          fallbackLabel
        ) : (
          <>
            <ImageOff className="size-4 shrink-0" aria-hidden />
            <span className="sr-only">{fallbackLabel}</span>
          </>
        )}
      </span>
    );
  }
  return (
    <img
      src={source}
      alt={alt}
      loading={isLazy ? 'lazy' : 'eager'}
      decoding="async"
      onError={() => setFailedSource(source)}
      className={cn('object-cover', className, imageClassName)}
    />
  );
}
