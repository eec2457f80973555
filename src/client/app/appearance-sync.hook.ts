import { useEffect, useSyncExternalStore } from 'react';
import { settingsDefaults } from '../../shared/api/settings';
import { applyAppearance, isTheme, type Appearance } from '../lib/appearance';
import { readStorage, writeStorage } from '../lib/local-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { useSettings } from '../lib/api/settings.api';

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
  return {
    theme: isTheme(stored) ? stored : settingsDefaults.theme,
    colorScheme: settingsDefaults.colorScheme,
    fontColorScheme: settingsDefaults.fontColorScheme,
    fontSize: settingsDefaults.fontSize,
  };
}

/**
 * Applies the learner's theme, colour scheme, text colour and font size to the whole app
 * (docs/product/settings.md#interface-tab).
 */
export function useAppearanceSync(): void {
  const { data: settings } = useSettings();
  const isSystemDark = useSyncExternalStore(subscribeToColorScheme, prefersDark, () => false);

  const appearance: Appearance = settings
    ? {
        theme: settings.theme,
        colorScheme: settings.colorScheme,
        fontColorScheme: settings.fontColorScheme,
        fontSize: settings.fontSize,
      }
    : rememberedAppearance();
  const { theme, colorScheme, fontColorScheme, fontSize } = appearance;

  useEffect(() => {
    applyAppearance(
      document.documentElement,
      { theme, colorScheme, fontColorScheme, fontSize },
      isSystemDark,
    );
    if (settings) writeStorage(STORAGE_KEYS.theme, theme);
  }, [theme, colorScheme, fontColorScheme, fontSize, isSystemDark, settings]);
}
