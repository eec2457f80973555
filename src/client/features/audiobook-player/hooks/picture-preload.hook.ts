import { useEffect, useRef } from 'react';
import { pictureSource, type PictureOptions } from '../../../lib/picture-source';
import { picturesToPreload } from '../lib/player-view';

/**
 * Pictures load lazily (docs/product/audiobooks.md#illustration-series): the first 10 at once, then 5 ahead of
 * the sentence shown, each source once per visit.
 */
export function usePicturePreload(
  index: number,
  pictures: readonly (string | null)[],
  screenOptions: PictureOptions,
) {
  const preloaded = useRef(new Set<string>());
  const isFirstPreload = useRef(true);
  useEffect(() => {
    for (const at of picturesToPreload(index, pictures.length, isFirstPreload.current)) {
      const source = pictureSource(pictures[at], 'fullscreen', screenOptions);
      if (source && !preloaded.current.has(source)) {
        preloaded.current.add(source);
        new Image().src = source;
      }
    }
    isFirstPreload.current = false;
    // screenOptions is read fresh; only a move or new pictures ask for more.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, pictures]);
}
