import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_APPEARANCE } from '../../shared/catalogs/appearance';
import { applyAppearance, isTheme, type Appearance } from '../lib/appearance';
import { readStorage, writeStorage } from '../lib/local-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToColorScheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersDark(): boolean {
  return window.matchMedia(DARK_QUERY).matches;
}

/**
 * The theme last seen in settings, or the spec's default (dark) for a visitor: applied before settings
 * load so that a dark-theme learner does not see a light flash on every page load.
 */
export function rememberedAppearance(): Appearance {
  const stored = readStorage(STORAGE_KEYS.theme);
  return { ...DEFAULT_APPEARANCE, theme: isTheme(stored) ? stored : DEFAULT_APPEARANCE.theme };
}

/**
 * Applies an appearance to the whole app (docs/product/settings.md#interface-tab), following the system's
 * dark mode for the 'system' theme: the learner's saved one, or, for a visitor (`saved` undefined), the
 * remembered one. A saved theme is remembered for the next page load.
 */
export function useAppearanceSync(saved: Appearance | undefined): void {
  const isSystemDark = useSyncExternalStore(subscribeToColorScheme, prefersDark, () => false);
  const { theme, colorScheme, fontColorScheme, fontSize } = saved ?? rememberedAppearance();
  const isSaved = saved !== undefined;

  useEffect(() => {
    applyAppearance(
      document.documentElement,
      { theme, colorScheme, fontColorScheme, fontSize },
      isSystemDark,
    );
    if (isSaved) writeStorage(STORAGE_KEYS.theme, theme);
  }, [theme, colorScheme, fontColorScheme, fontSize, isSystemDark, isSaved]);
}
