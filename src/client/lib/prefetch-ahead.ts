import type { CardClips, PlayerWord } from './audio/learn-player.types';
import { deviceScreen } from './hooks/picture-source.hook';
import { pictureSource } from './picture-source';

interface PrefetchDeps {
  /** settings.lowQualityImages */
  isLowQuality: boolean;
  /** The item's clips, through the player's loader (which keeps them for the item's own load later). */
  loadClips: () => Promise<CardClips>;
  /** Fetches a clip into the browser's cache. */
  preload: (clip: string) => void;
  log: (message: string, error?: unknown) => void;
}

/**
 * The full-screen players' next item (Learn's next card, the audiobook's next sentence), fetched ahead into
 * the browser's caches: its picture at the width the backdrop will ask for
 * (docs/product/media.md#picture-variants) and its clips.
 */
export function prefetchPictureAndClips(item: Pick<PlayerWord, 'imageUrl'>, deps: PrefetchDeps): void {
  const picture = pictureSource(item.imageUrl, 'fullscreen', {
    isLowQuality: deps.isLowQuality,
    screen: deviceScreen(),
  });
  if (picture) new Image().src = picture;
  deps.loadClips().then(
    (clips) => {
      for (const clip of Object.values(clips)) if (clip) deps.preload(clip);
    },
    (error: unknown) => deps.log('prefetch failed', error),
  );
}
