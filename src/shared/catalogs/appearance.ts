/**
 * Appearance constants of docs/product/settings.md#interface-tab, docs/product/settings.md#defaults, defined
 * once for both sides.
 */

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_MODES = ['auto', 'manual'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/**
 * The theme a learner's settings show (docs/product/settings.md#theme): `themeMode` 'auto' follows the
 * device ('system'); 'manual' shows `theme`.
 */
export const shownTheme = (settings: { theme: Theme; themeMode: ThemeMode }): Theme =>
  settings.themeMode === 'auto' ? 'system' : settings.theme;

/** The settings the Theme control saves for a choice: 'system' is the auto mode, light and dark manual. */
export const themeChoice = (choice: Theme): { themeMode: ThemeMode; theme?: Theme } =>
  choice === 'system' ? { themeMode: 'auto' } : { themeMode: 'manual', theme: choice };

/**
 * The app-wide list (docs/product/settings.md#interface-tab) includes royal; Settings offers the other eight
 * (docs/product/settings.md#interface-tab).
 */
export const COLOR_SCHEMES = [
  'navy',
  'blue',
  'ocean',
  'azure',
  'skyblue',
  'lavender',
  'steel',
  'cobalt',
  'royal',
] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export const SETTINGS_COLOR_SCHEMES = COLOR_SCHEMES.filter((scheme) => scheme !== 'royal');

export const FONT_COLOR_SCHEMES = [
  'orange',
  'white',
  'pink',
  'cyan',
  'purple',
  'green',
  'emerald',
  'rose',
  'yellow',
  'red',
  'blue',
  'violet',
] as const;
export type FontColorScheme = (typeof FONT_COLOR_SCHEMES)[number];
export const SETTINGS_FONT_COLOR_SCHEMES: readonly FontColorScheme[] = [
  'orange',
  'purple',
  'blue',
  'green',
  'red',
  'yellow',
  'pink',
  'cyan',
];

/** Accent colour (HSL components) per colour scheme; applied as CSS variables. */
export const COLOR_SCHEME_HSL: Record<ColorScheme, string> = {
  navy: '222 47% 31%',
  blue: '217 91% 55%',
  ocean: '199 89% 38%',
  azure: '205 90% 48%',
  skyblue: '197 71% 58%',
  lavender: '255 53% 62%',
  steel: '207 44% 40%',
  cobalt: '215 100% 34%',
  royal: '225 73% 45%',
};

/** Text accent colour per font colour scheme (hex, readable on both light and dark backgrounds). */
export const FONT_COLOR_HEX: Record<FontColorScheme, string> = {
  orange: '#f97316',
  white: '#f8fafc',
  pink: '#ec4899',
  cyan: '#06b6d4',
  purple: '#a855f7',
  green: '#22c55e',
  emerald: '#10b981',
  rose: '#f43f5e',
  yellow: '#eab308',
  red: '#ef4444',
  blue: '#3b82f6',
  violet: '#8b5cf6',
};

export const FONT_SIZES = ['70', '75', '80', '85', '90', '95', '100', '110', '120', '130'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/**
 * The appearance defaults of docs/product/settings.md#defaults: the settings defaults take them, and the
 * client shows them to a visitor before any settings exist.
 */
export const DEFAULT_APPEARANCE = {
  theme: 'dark',
  colorScheme: 'navy',
  fontColorScheme: 'orange',
  fontSize: '100',
} as const satisfies {
  theme: Theme;
  colorScheme: ColorScheme;
  fontColorScheme: FontColorScheme;
  fontSize: FontSize;
};
export const OVERLAY_OPACITIES = [30, 50, 70] as const;
export const INTERFACE_LANGUAGES = ['ru', 'en'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
