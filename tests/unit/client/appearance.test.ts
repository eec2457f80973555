import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_HSL, FONT_COLOR_HEX } from '../../../src/shared/catalogs/appearance';
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
