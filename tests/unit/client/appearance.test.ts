import { describe, expect, it } from 'vitest';
import {
  COLOR_SCHEME_HSL,
  FONT_COLOR_HEX,
  shownTheme,
  themeChoice,
} from '../../../src/shared/catalogs/appearance';
import { settingsDefaults } from '../../../src/shared/api/settings';
import {
  applyAppearance,
  primaryForegroundFor,
  resolveTheme,
  type StyleTarget,
} from '../../../src/client/lib/appearance';

function fakeRoot() {
  const classes = new Set<string>();
  const properties = new Map<string, string>();
  const target: StyleTarget = {
    classList: { toggle: (token, force) => (force ? classes.add(token) : classes.delete(token)) },
    style: { setProperty: (name, value) => void properties.set(name, value), fontSize: '' },
  };
  return { target, classes, properties };
}

describe('the theme a learner sees (docs/product/settings.md#theme)', () => {
  it('follows the device in auto mode, whatever theme is stored, and shows the stored theme by hand', () => {
    // A new learner keeps the dark theme until they choose (docs/product/decisions.md#settings-stored-and-read).
    expect(shownTheme(settingsDefaults)).toBe('dark');
    expect(shownTheme({ theme: 'dark', themeMode: 'auto' })).toBe('system');
    expect(shownTheme({ theme: 'light', themeMode: 'manual' })).toBe('light');
    expect(shownTheme({ theme: 'dark', themeMode: 'manual' })).toBe('dark');
  });

  it('saves a choice as the mode and, by hand, the theme', () => {
    expect(themeChoice('system')).toEqual({ themeMode: 'auto' });
    expect(themeChoice('light')).toEqual({ themeMode: 'manual', theme: 'light' });
    for (const choice of ['light', 'dark', 'system'] as const) {
      expect(shownTheme({ ...settingsDefaults, ...themeChoice(choice) })).toBe(choice);
    }
  });
});

describe('appearance', () => {
  it('follows the system only for the system theme', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('sets the dark class, colour variables and font size', () => {
    const { target, classes, properties } = fakeRoot();
    applyAppearance(
      target,
      { theme: 'dark', colorScheme: 'navy', fontColorScheme: 'orange', fontSize: '110' },
      false,
    );
    expect(classes.has('dark')).toBe(true);
    expect(properties.get('--primary')).toBe(COLOR_SCHEME_HSL.navy);
    expect(properties.get('--accent-text')).toBe(FONT_COLOR_HEX.orange);
    expect(target.style.fontSize).toBe('110%');
    applyAppearance(
      target,
      { theme: 'light', colorScheme: 'navy', fontColorScheme: 'orange', fontSize: 'x' },
      true,
    );
    expect(classes.has('dark')).toBe(false);
    expect(target.style.fontSize).toBe('');
  });

  it('puts dark text on light primaries and light text on dark ones', () => {
    expect(primaryForegroundFor('60 100% 85%')).toBe('222 47% 11%');
    expect(primaryForegroundFor('222 47% 25%')).toBe('210 40% 98%');
  });
});
