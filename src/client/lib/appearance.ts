import {
  COLOR_SCHEME_HSL,
  FONT_COLOR_HEX,
  THEMES,
  type ColorScheme,
  type FontColorScheme,
  type Theme,
} from '../../shared/catalogs/appearance';

export interface Appearance {
  theme: Theme;
  colorScheme: ColorScheme;
  fontColorScheme: FontColorScheme;
  /** Percent of the browser's root font size, as settings store it ('100'). */
  fontSize: string;
}

export interface StyleTarget {
  classList: { toggle(token: string, force?: boolean): unknown };
  style: { setProperty(name: string, value: string): void; fontSize: string };
}

const DARK_TEXT_HSL = '222 47% 11%';
const LIGHT_TEXT_HSL = '210 40% 98%';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** CSS Color 4 HSL → sRGB, channels 0..1. */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const saturation = s / 100;
  const lightness = l / 100;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

function relativeLuminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * Text drawn on the primary colour: light text on dark schemes, dark text on light ones (skyblue,
 * lavender), whichever contrasts more, so buttons stay readable whatever scheme the learner picks.
 */
export function primaryForegroundFor(primaryHsl: string): string {
  const [h = 0, s = 0, l = 0] = primaryHsl.split(/\s+/).map((part) => Number.parseFloat(part));
  const luminance = relativeLuminance(hslToRgb(h, s, l));
  const contrastWithWhite = 1.05 / (luminance + 0.05);
  const contrastWithDark = (luminance + 0.05) / (relativeLuminance(hslToRgb(222, 47, 11)) + 0.05);
  return contrastWithWhite >= contrastWithDark ? LIGHT_TEXT_HSL : DARK_TEXT_HSL;
}

export function applyTheme(target: StyleTarget, theme: Theme, prefersDark: boolean): void {
  target.classList.toggle('dark', resolveTheme(theme, prefersDark) === 'dark');
}

/** Applies the learner's appearance settings to <html> (docs/product/settings.md#interface-tab). */
export function applyAppearance(target: StyleTarget, appearance: Appearance, prefersDark: boolean): void {
  applyTheme(target, appearance.theme, prefersDark);
  const primary = COLOR_SCHEME_HSL[appearance.colorScheme];
  target.style.setProperty('--primary', primary);
  target.style.setProperty('--primary-foreground', primaryForegroundFor(primary));
  target.style.setProperty('--accent-text', FONT_COLOR_HEX[appearance.fontColorScheme]);
  const percent = Number.parseInt(appearance.fontSize, 10);
  target.style.fontSize = Number.isFinite(percent) && percent > 0 ? `${percent}%` : '';
}
