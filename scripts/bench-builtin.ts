/**
 * `npm run bench:builtin`: how long the app's own CPU work takes, with no provider involved. The unit tests
 * check what this work produces; its speed depends on the machine and its load, so it is measured here:
 * - a built-in picture (every format, three styles): median under 1500 ms; one drawn before, from the
 *   cache: under 5 ms;
 * - one emoji lookup once the index is built: under 1 ms on average;
 * - the dictionary screen filtering, sorting and counting facets of 10,000 words: under 500 ms.
 * The ceilings guard against an accidental order-of-magnitude regression, not jitter. Exits non-zero when
 * one is missed.
 */
import { createBuiltinImages } from '../src/server/providers/builtin-images/builtin-images.provider';
import { matchEmoji } from '../src/server/providers/builtin-images/emoji-matcher';
import { getEmojiIndex } from '../src/server/providers/builtin-images/emoji-index';
import {
  facetOptions,
  filterWords,
  NO_FILTERS,
  sortWords,
} from '../src/client/features/dictionary/lib/word-filters';
import { type ImageFormat, resolveImageStyle, stylePrompt } from '../src/shared/catalogs/image-styles';

const failures: string[] = [];
const check = (label: string, value: number, ceiling: number, unit: string) => {
  const line = `${label}: ${value.toFixed(unit === 'µs' ? 1 : 0)} ${unit} (ceiling ${ceiling} ${unit})`;
  console.log(line);
  if (value >= ceiling) failures.push(line);
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// Built-in pictures.
const images = createBuiltinImages();
const draw = (spanish: string, styleKey: string, format: ImageFormat) => {
  const style = resolveImageStyle(styleKey);
  return images.generate({ subject: { spanish }, prompt: stylePrompt(style, spanish), style, format });
};
await draw('el perro', 'realistic', 'square');
const pictureTimes: number[] = [];
for (const format of ['square', 'landscape', 'portrait'] as const) {
  for (const style of ['realistic', 'gothic', 'watercolor']) {
    const started = performance.now();
    await draw('el gato', style, format);
    pictureTimes.push(performance.now() - started);
  }
}
check(`built-in picture, median of ${pictureTimes.length}`, median(pictureTimes), 1500, 'ms');
// The same emoji, style and format again (another word of an upload with that emoji): from the cache.
const hitTimes: number[] = [];
for (let round = 0; round < 20; round += 1) {
  const started = performance.now();
  await draw('el gato', 'gothic', 'landscape');
  hitTimes.push(performance.now() - started);
}
check(`built-in picture drawn before (cache), median of ${hitTimes.length}`, median(hitTimes), 5, 'ms');

// Emoji lookups.
getEmojiIndex();
const subjects = [
  ...['el perro', 'el gato', 'la casa', 'el libro', 'la manzana', 'el sol', 'la luna', 'el árbol', 'la flor']
    .concat(['el coche', 'el pan', 'el agua', 'la mesa', 'la silla', 'el mar', 'la playa', 'el tren'])
    .concat(['caminar', 'comer', 'beber', 'dormir', 'feliz', 'rojo', 'grande', 'la escuela', 'el médico'])
    .map((spanish) => ({ spanish })),
  ...['собака', 'кошка', 'дом', 'книга', 'яблоко', 'солнце', 'луна', 'дерево', 'цветок', 'машина'].map(
    (russian) => ({ spanish: 'xyzzy', russian }),
  ),
];
const rounds = 200;
const lookupStarted = performance.now();
for (let round = 0; round < rounds; round += 1) for (const subject of subjects) matchEmoji(subject);
const perLookupMs = (performance.now() - lookupStarted) / (rounds * subjects.length);
check(`matchEmoji, mean of ${rounds * subjects.length} lookups`, perLookupMs * 1000, 1000, 'µs');

// The dictionary screen's list work.
const CEFR = ['A1', 'B2'];
const many = Array.from({ length: 10_000 }, (_, index) => ({
  id: index + 1,
  spanish: `palabra${index}`,
  russian: `слово${index}`,
  needsTranslation: false,
  isActive: true,
  isHidden: false,
  cefrLevel: CEFR[index % 2] ?? null,
  partOfSpeech: 'noun',
  themeCategory: null,
  audiobookUsageCount: index % 17,
}));
const listTimes: number[] = [];
for (let run = 0; run < 20; run += 1) {
  const started = performance.now();
  sortWords(
    filterWords(many, { ...NO_FILTERS, search: 'palabra1', cefrLevel: 'A1' }, 'active'),
    'alphabetical',
  );
  facetOptions(many, 'cefrLevel');
  listTimes.push(performance.now() - started);
}
check('filter, sort and facets of 10,000 words, median of 20', median(listTimes), 500, 'ms');

if (failures.length > 0) {
  console.error(`Over the ceiling:\n${failures.join('\n')}`);
  process.exit(1);
}
