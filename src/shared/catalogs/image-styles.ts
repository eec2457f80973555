/**
 * The image style catalogue (docs/product/decisions.md#d7-image-style-catalogues): one canonical table of 15
 * styles, with the schema-level keys and the audiobook catalogue's extra names as aliases. `palette` colours
 * the built-in emoji pictures.
 */

export interface ImageStyle {
  id: number;
  key: string;
  nameRu: string;
  nameEn: string;
  /** Contains `{object}`, replaced by what is to be drawn. */
  promptTemplate: string;
  iconEmoji: string;
  /** Background gradient, top-left to bottom-right, for pictures drawn without an image model. */
  palette: readonly [string, string];
}

export const IMAGE_STYLES = [
  {
    id: 1,
    key: 'realistic',
    nameRu: 'Фотореализм',
    nameEn: 'Photorealistic',
    promptTemplate: 'A photorealistic, high-detail photograph of {object}, natural light, sharp focus',
    iconEmoji: '📷',
    palette: ['#dbeafe', '#93c5fd'],
  },
  {
    id: 2,
    key: 'digital_art',
    nameRu: 'Цифровое искусство',
    nameEn: 'Digital Art',
    promptTemplate: 'Vibrant digital art of {object}, clean shapes, rich colours, concept-art quality',
    iconEmoji: '🖥️',
    palette: ['#ede9fe', '#a78bfa'],
  },
  {
    id: 3,
    key: 'watercolor',
    nameRu: 'Акварель',
    nameEn: 'Watercolor',
    promptTemplate: 'A soft watercolor painting of {object}, gentle washes, paper texture',
    iconEmoji: '🎨',
    palette: ['#fef3c7', '#fbcfe8'],
  },
  {
    id: 4,
    key: 'cartoon',
    nameRu: 'Мультфильм',
    nameEn: 'Cartoon',
    promptTemplate: 'A cheerful cartoon illustration of {object}, bold outlines, bright flat colours',
    iconEmoji: '🎬',
    palette: ['#fef9c3', '#fdba74'],
  },
  {
    id: 5,
    key: 'minimalist',
    nameRu: 'Минимализм',
    nameEn: 'Minimalist',
    promptTemplate: 'A minimalist illustration of {object}, simple shapes, plenty of empty space',
    iconEmoji: '⚪',
    palette: ['#f8fafc', '#e2e8f0'],
  },
  {
    id: 6,
    key: 'gothic',
    nameRu: 'Готика',
    nameEn: 'Gothic',
    promptTemplate: 'A dark gothic illustration of {object}, dramatic shadows, moody atmosphere',
    iconEmoji: '🦇',
    palette: ['#1e1b4b', '#4c1d95'],
  },
  {
    id: 7,
    key: 'manga',
    nameRu: 'Манга',
    nameEn: 'Manga',
    promptTemplate: 'A black-and-white manga panel showing {object}, screentone shading, ink lines',
    iconEmoji: '📖',
    palette: ['#f5f5f5', '#a3a3a3'],
  },
  {
    id: 8,
    key: 'noir',
    nameRu: 'Нуар',
    nameEn: 'Film Noir',
    promptTemplate: 'A film noir still of {object}, high-contrast black and white, venetian-blind shadows',
    iconEmoji: '🕵️',
    palette: ['#262626', '#737373'],
  },
  {
    id: 9,
    key: 'pixel_art',
    nameRu: 'Пиксель-арт',
    nameEn: 'Pixel Art',
    promptTemplate: 'Retro 16-bit pixel art of {object}, limited palette, crisp pixels',
    iconEmoji: '👾',
    palette: ['#bbf7d0', '#22d3ee'],
  },
  {
    id: 10,
    key: 'fantasy',
    nameRu: 'Фэнтези',
    nameEn: 'Fantasy',
    promptTemplate: 'An epic fantasy painting of {object}, magical glow, enchanted setting',
    iconEmoji: '🧙',
    palette: ['#c7d2fe', '#f0abfc'],
  },
  {
    id: 11,
    key: 'impressionist',
    nameRu: 'Импрессионизм',
    nameEn: 'Impressionist',
    promptTemplate: 'An impressionist oil painting of {object}, visible brush strokes, dappled light',
    iconEmoji: '🌻',
    palette: ['#fde68a', '#86efac'],
  },
  {
    id: 12,
    key: 'comic',
    nameRu: 'Комикс',
    nameEn: 'Comic',
    promptTemplate: 'A comic-book panel of {object}, halftone dots, bold ink and speech-bubble energy',
    iconEmoji: '💥',
    palette: ['#fecaca', '#fde047'],
  },
  {
    id: 13,
    key: 'anime',
    nameRu: 'Аниме',
    nameEn: 'Anime',
    promptTemplate: 'An anime-style illustration of {object}, cel shading, expressive colours',
    iconEmoji: '🌸',
    palette: ['#fce7f3', '#c4b5fd'],
  },
  {
    id: 14,
    key: 'cyberpunk',
    nameRu: 'Киберпанк',
    nameEn: 'Cyberpunk',
    promptTemplate: 'A cyberpunk scene featuring {object}, neon lights, rainy night city',
    iconEmoji: '🌃',
    palette: ['#0f172a', '#db2777'],
  },
  {
    id: 15,
    key: 'steampunk',
    nameRu: 'Стимпанк',
    nameEn: 'Steampunk',
    promptTemplate: 'A steampunk illustration of {object}, brass gears, Victorian machinery, sepia tones',
    iconEmoji: '⚙️',
    palette: ['#fed7aa', '#92400e'],
  },
] as const satisfies readonly ImageStyle[];

/** Names used elsewhere in the spec (audiobook catalogue, regeneration styles) for the nearest style. */
export const IMAGE_STYLE_ALIASES: Readonly<Record<string, number>> = {
  photographic: 1,
  photo: 1,
  digital: 2,
  oil_painting: 11,
  sketch: 5,
  simple: 5,
  vintage: 11,
  cubist: 2,
  dramatic: 8,
  horror: 6,
  'folk-horror': 6,
  disney: 4,
};

export const DEFAULT_IMAGE_STYLE: ImageStyle = IMAGE_STYLES[0];

/** A style by id, key, alias or English name; the default style for anything unknown. */
export function resolveImageStyle(reference: string | number | null | undefined): ImageStyle {
  const styles: readonly ImageStyle[] = IMAGE_STYLES;
  const byId = (id: number) => styles.find((style) => style.id === id);
  if (typeof reference === 'number') return byId(reference) ?? DEFAULT_IMAGE_STYLE;
  const wanted = (reference ?? '').trim().toLowerCase();
  const numeric = Number(wanted);
  const found =
    (wanted !== '' && Number.isInteger(numeric) ? byId(numeric) : undefined) ??
    styles.find((style) => style.key === wanted || style.nameEn.toLowerCase() === wanted) ??
    (IMAGE_STYLE_ALIASES[wanted] ? byId(IMAGE_STYLE_ALIASES[wanted]) : undefined);
  return found ?? DEFAULT_IMAGE_STYLE;
}

export const stylePrompt = (style: ImageStyle, object: string) =>
  style.promptTemplate.replace('{object}', object);

const CATALOGUE_NAMES: ReadonlySet<string> = new Set(
  (IMAGE_STYLES as readonly ImageStyle[]).flatMap((style) => [
    style.nameRu.toLowerCase(),
    style.nameEn.toLowerCase(),
  ]),
);

/**
 * A series' own style name, or null when the name is a catalogue label in either language
 * (docs/product/decisions.md#series-style-names): such a name is the style id's, labelled from the
 * catalogue in the reader's language, never kept in the language of the learner who made the series.
 */
export function ownStyleName(name: string | null | undefined): string | null {
  const trimmed = name?.trim() ?? '';
  if (trimmed === '' || CATALOGUE_NAMES.has(trimmed.toLowerCase())) return null;
  return trimmed;
}

/** Upload-screen styles (docs/product/decisions.md#d7-image-style-catalogues). */
export const UPLOAD_IMAGE_STYLES = ['sketch', 'dramatic', 'horror', 'simple', 'disney'] as const;
export type UploadImageStyleKey = (typeof UPLOAD_IMAGE_STYLES)[number];

/**
 * The upload styles' own table (docs/product/upload.md#picture-style): each draws with a prompt and colours of
 * its own, so no two of the five give the same picture, and carries the id of the nearest catalogue style,
 * which the media library records.
 */
export const UPLOAD_STYLE_TABLE: Readonly<Record<UploadImageStyleKey, ImageStyle>> = {
  sketch: {
    id: 5,
    key: 'sketch',
    nameRu: 'Набросок',
    nameEn: 'Sketch',
    promptTemplate: 'A loose pencil sketch of {object}, graphite lines and cross-hatching on white paper',
    iconEmoji: '✏️',
    palette: ['#fafaf9', '#d6d3d1'],
  },
  dramatic: {
    id: 8,
    key: 'dramatic',
    nameRu: 'Драматичный',
    nameEn: 'Dramatic',
    promptTemplate: 'A dramatic, cinematic picture of {object}, strong chiaroscuro light, deep shadows',
    iconEmoji: '🎭',
    palette: ['#451a03', '#b45309'],
  },
  horror: {
    id: 6,
    key: 'horror',
    nameRu: 'Ужасы',
    nameEn: 'Horror',
    promptTemplate: 'An eerie horror illustration of {object}, fog, cold moonlight, unsettling mood',
    iconEmoji: '👻',
    palette: ['#052e16', '#3f3f46'],
  },
  simple: {
    id: 5,
    key: 'simple',
    nameRu: 'Простой',
    nameEn: 'Simple',
    promptTemplate: 'A simple flat icon of {object}, a few solid colours, plain background',
    iconEmoji: '🔷',
    palette: ['#e0f2fe', '#bae6fd'],
  },
  disney: {
    id: 4,
    key: 'disney',
    nameRu: 'Дисней',
    nameEn: 'Disney',
    promptTemplate:
      'A classic hand-drawn animated-film illustration of {object}, expressive, warm colours, fairy-tale look',
    iconEmoji: '🏰',
    palette: ['#fce7f3', '#93c5fd'],
  },
};

export const isUploadImageStyle = (value: unknown): value is UploadImageStyleKey =>
  typeof value === 'string' && (UPLOAD_IMAGE_STYLES as readonly string[]).includes(value);

/**
 * The style a word's picture is drawn in: an upload style by its key (the upload's choice, or the settings'
 * `defaultImageStyle`), else a catalogue style by `resolveImageStyle`.
 */
export function resolvePictureStyle(reference: string | number | null | undefined): ImageStyle {
  const wanted = typeof reference === 'string' ? reference.trim().toLowerCase() : reference;
  return isUploadImageStyle(wanted) ? UPLOAD_STYLE_TABLE[wanted] : resolveImageStyle(reference);
}
/** Formats as settings store them; `auto` and `full` draw as square and landscape. */
export const IMAGE_FORMATS = ['square', 'landscape', 'portrait', 'auto', 'full'] as const;
export type ImageFormat = 'square' | 'landscape' | 'portrait';
export const IMAGE_DIMENSIONS: Readonly<Record<ImageFormat, { width: number; height: number }>> = {
  square: { width: 1024, height: 1024 },
  landscape: { width: 1344, height: 768 },
  portrait: { width: 768, height: 1344 },
};
export function drawableFormat(format: (typeof IMAGE_FORMATS)[number] | null | undefined): ImageFormat {
  switch (format) {
    case 'landscape':
    case 'full':
      return 'landscape';
    case 'portrait':
      return 'portrait';
    case 'square':
    case 'auto':
    case null:
    case undefined:
      return 'square';
  }
}
