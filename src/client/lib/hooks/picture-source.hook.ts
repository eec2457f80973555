import { settingsDefaults } from '../../../shared/api/settings';
import { useSettings } from '../api/settings.api';
import {
  type PictureContext,
  type PictureOptions,
  type PictureScreen,
  pictureSource,
} from '../picture-source';

/**
 * The device's screen, not the window: a background fills the installed app's whole screen, and a fixed
 * size keeps one URL (one cached file) while a desktop window is resized.
 */
export function deviceScreen(): PictureScreen {
  return {
    width: window.screen.width || window.innerWidth,
    height: window.screen.height || window.innerHeight,
    devicePixelRatio: window.devicePixelRatio || 1,
  };
}

/** The learner's picture options: `lowQualityImages` (its default until settings load) and this screen. */
export function usePictureOptions(): PictureOptions {
  const settings = useSettings().data;
  return {
    isLowQuality: settings?.lowQualityImages ?? settingsDefaults.lowQualityImages,
    screen: deviceScreen(),
  };
}

/**
 * What an `<img>` in this place loads for a stored picture (docs/product/media.md#picture-variants): the
 * variant of the place's width, or a `data:`/external picture as it is.
 */
export function usePictureSource(stored: string | null | undefined, context: PictureContext): string | null {
  return pictureSource(stored, context, usePictureOptions());
}
