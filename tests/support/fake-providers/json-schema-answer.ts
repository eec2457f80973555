/**
 * Deterministic structured answers for the fake OpenAI chat endpoint: the same request always gets the
 * same JSON, valid against the sent schema and built from the words in the prompt, so tests can assert
 * on what the app stores without a model.
 *
 * RULES (tests rely on them; change them only together with the tests)
 *
 * 1. Input words come from the LAST user message (text parts joined):
 *    a. JSON: the first JSON array found in it (the whole message or a block embedded in prose; nested
 *       inside an object counts) whose items are strings or objects. A string item is a word ("perro - собака"
 *       carries its translation). For an object item the word is the first string among the keys spanish,
 *       word, es, term, lemma, text, source, original (any case), else its first string value; the
 *       translation is russian, translation, ru, meaning or target; all its fields are kept for rule 5.
 *    b. Else lines: list markers ("- ", "* ", "• ", "1. ", "1) ") are stripped; a line ending in ':' is a
 *       heading; in "Label: content" only the content counts; "word - translation", "word – translation",
 *       "word — translation", "word = translation" and "word<TAB>translation" carry a translation;
 *       "a, b, c" lists several words; trailing . , ; ! ? are dropped; a line (or the content after the
 *       colon) of more than 4 words is prose and skipped.
 *    c. Else every Latin-script token of 3+ letters of all user messages (unique, first 20); else ["palabra"].
 * 2. Arrays: an outermost array has one item per input word, in order (cycled or cut to minItems/maxItems);
 *    item i is "about" word i. An array inside such an item has max(1, minItems) items about the same word.
 *    Outside any item (e.g. a top-level string), the "scope" is all the input words.
 * 3. enum/const: const as given; an enum takes the member equal (case-insensitively) to the value rule 4
 *    would produce, else its first member. anyOf/oneOf/type lists take the first non-null branch; null only
 *    when the fact does not apply (article, gender or plural of a non-noun) and null is allowed.
 * 4. Strings by the property name (split at camelCase, '_', '-'; arrays of strings use the array's name):
 *    - example/sentence/phrase/context + russian/ru/translation → "Эта фраза использует **<translation>**."
 *    - example/sentence/phrase/context                          → "Esta frase usa **<word>**."
 *      (several scope words: "**a**, **b** y **c**" / "**a**, **b** и **c**")
 *    - inside an array named like sentences/examples/phrases: spanish/es/text → the Spanish sentence,
 *      russian/ru/translation → the Russian sentence
 *    - russian/ru/translation/translated/meaning → the translation (FAKE_DICTIONARY, the translation given
 *      in the input, else "ru:<word>")
 *    - article → el/la for nouns (dictionary, else la for -a/-ción/-sión/-dad/-tad/-tud/-umbre/-ez)
 *    - pos / part_of_speech → noun|verb|adjective|adverb|interjection (dictionary, else by ending:
 *      -ar/-er/-ir verb, -mente adverb, -oso/-osa/-ble/-ivo/-iva adjective, else noun)
 *    - cefr/level/difficulty → A1…B2 (dictionary, else by length: ≤4 A1, ≤6 A2, ≤8 B1, else B2)
 *    - gender → masculine|feminine; plural → the plural (-s, -es, -z → -ces, -ción → -ciones)
 *    - theme/category/topic/tag → the dictionary theme, else "general"
 *    - title → "Historia: <scope words joined by ', '>"; summary/description → "Resumen: <…>."
 *    - anything else (word, spanish, term, id…) → the word itself (scope words joined by ', ')
 *    then `format` (date-time, date, time, email, uri/url, uuid) wins over the name, and minLength /
 *    maxLength / pattern are honoured where possible.
 * 5. Echo: a scalar property whose name is a field of the current input object item, with a value of the
 *    schema's type, takes that value (so ids sent in come back).
 * 6. Numbers: count/total → number of scope words; index → item index (0-based); else item index + 1;
 *    clamped to minimum/maximum (exclusive ones too) and rounded to multipleOf. Booleans: true.
 * 7. Objects: every property in declaration order, no additional keys. $ref (#, #/$defs/…, #/definitions/…,
 *    any JSON pointer in the schema) and allOf are resolved; recursion stops at depth 12 (nullable → null,
 *    arrays → minItems).
 */
import { isRecord, type JsonValue } from './fake-http';

export type JsonSchema = Record<string, unknown> | boolean;

export interface InputWord {
  word: string;
  translation: string | undefined;
  /** The input object's own fields, for rule 5; empty for words from text. */
  fields: Record<string, JsonValue>;
}

export type PartOfSpeech = 'noun' | 'verb' | 'adjective' | 'adverb' | 'interjection';
export type CefrLevel = 'A1' | 'A2' | 'B1' | 'B2' | 'C1' | 'C2';

export interface WordInfo {
  ru: string;
  pos: PartOfSpeech;
  article?: 'el' | 'la';
  gender?: 'masculine' | 'feminine';
  level: CefrLevel;
  theme: string;
}

const noun = (
  ru: string,
  article: 'el' | 'la',
  level: CefrLevel,
  theme: string,
  gender?: 'masculine' | 'feminine',
) => ({
  ru,
  pos: 'noun' as const,
  article,
  gender: gender ?? (article === 'la' ? 'feminine' : 'masculine'),
  level,
  theme,
});

/** Common words with a real answer; everything else follows the rules above. */
export const FAKE_DICTIONARY: Readonly<Record<string, WordInfo>> = {
  perro: noun('собака', 'el', 'A1', 'animals'),
  gato: noun('кошка', 'el', 'A1', 'animals'),
  casa: noun('дом', 'la', 'A1', 'home'),
  // Feminine, yet "el agua": the stressed initial a takes el, a classic trap for rule-based articles.
  agua: noun('вода', 'el', 'A1', 'food', 'feminine'),
  libro: noun('книга', 'el', 'A1', 'education'),
  mesa: noun('стол', 'la', 'A1', 'home'),
  manzana: noun('яблоко', 'la', 'A1', 'food'),
  ciudad: noun('город', 'la', 'A2', 'city'),
  coche: noun('машина', 'el', 'A1', 'transport'),
  escuela: noun('школа', 'la', 'A1', 'education'),
  amigo: noun('друг', 'el', 'A1', 'people'),
  niño: noun('ребёнок', 'el', 'A1', 'people'),
  sol: noun('солнце', 'el', 'A1', 'nature'),
  luna: noun('луна', 'la', 'A2', 'nature'),
  tiempo: noun('время', 'el', 'A2', 'time'),
  // Ends in -o but is feminine.
  mano: noun('рука', 'la', 'A1', 'body'),
  día: noun('день', 'el', 'A1', 'time'),
  canción: noun('песня', 'la', 'A2', 'music'),
  comer: { ru: 'есть', pos: 'verb', level: 'A1', theme: 'food' },
  beber: { ru: 'пить', pos: 'verb', level: 'A1', theme: 'food' },
  hablar: { ru: 'говорить', pos: 'verb', level: 'A1', theme: 'communication' },
  vivir: { ru: 'жить', pos: 'verb', level: 'A1', theme: 'home' },
  grande: { ru: 'большой', pos: 'adjective', level: 'A1', theme: 'description' },
  rojo: { ru: 'красный', pos: 'adjective', level: 'A1', theme: 'colours' },
  feliz: { ru: 'счастливый', pos: 'adjective', level: 'A2', theme: 'emotions' },
  rápidamente: { ru: 'быстро', pos: 'adverb', level: 'B1', theme: 'description' },
  hola: { ru: 'привет', pos: 'interjection', level: 'A1', theme: 'greetings' },
};

const ARTICLES = new Set(['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'lo']);

/** Lower-case, NFC, without a leading article: the dictionary key of an input word. */
export function dictionaryKey(word: string): string {
  const parts = word.normalize('NFC').trim().toLowerCase().split(/\s+/);
  if (parts.length > 1 && ARTICLES.has(parts[0] ?? '')) parts.shift();
  return parts.join(' ');
}

/** What the fake "knows" about a word: the dictionary entry, else the ending rules of the header. */
export function wordInfo(word: string): WordInfo {
  const key = dictionaryKey(word);
  const known = FAKE_DICTIONARY[key];
  if (known) return known;
  const level: CefrLevel = key.length <= 4 ? 'A1' : key.length <= 6 ? 'A2' : key.length <= 8 ? 'B1' : 'B2';
  const base = { ru: `ru:${word.trim()}`, level, theme: 'general' };
  if (key.length > 3 && /(ar|er|ir)$/.test(key)) return { ...base, pos: 'verb' };
  if (/mente$/.test(key)) return { ...base, pos: 'adverb' };
  if (/(oso|osa|ble|ivo|iva)$/.test(key)) return { ...base, pos: 'adjective' };
  const article = /(a|ción|sión|dad|tad|tud|umbre|ez)$/.test(key) ? 'la' : 'el';
  return { ...base, pos: 'noun', article, gender: article === 'la' ? 'feminine' : 'masculine' };
}

export const translateWord = (input: InputWord | string): string =>
  typeof input === 'string' ? wordInfo(input).ru : (input.translation ?? wordInfo(input.word).ru);

export function pluralOf(word: string): string {
  const w = word.trim();
  if (/ción$/.test(w)) return `${w.slice(0, -4)}ciones`;
  if (/z$/.test(w)) return `${w.slice(0, -1)}ces`;
  if (/[aeiouáéó]$/.test(w)) return `${w}s`;
  return `${w}es`;
}

// ---------------------------------------------------------------------------------------------------
// Rule 1: finding the input words.

const WORD_KEYS = ['spanish', 'word', 'es', 'term', 'lemma', 'text', 'source', 'original'];
const TRANSLATION_KEYS = ['russian', 'translation', 'ru', 'meaning', 'target'];

function pickKey(item: Record<string, unknown>, keys: string[]): string | undefined {
  const entries = Object.entries(item);
  for (const key of keys) {
    const found = entries.find(
      ([k, v]) => k.toLowerCase() === key && typeof v === 'string' && v.trim() !== '',
    );
    if (found) return (found[1] as string).trim();
  }
  return undefined;
}

const PAIR_SEPARATOR = /\s+[-–—=]\s+|\t+/;

/** Trailing sentence punctuation is not part of a listed word ("perro." → "perro"). */
const stripPunctuation = (text: string): string =>
  text
    .trim()
    .replace(/[.,;!?…]+$/u, '')
    .trim();

function wordFromString(text: string): InputWord | undefined {
  const [word, translation] = text.split(PAIR_SEPARATOR).map(stripPunctuation);
  if (!word) return undefined;
  return { word, translation: translation || undefined, fields: {} };
}

function wordsFromArray(items: unknown[]): InputWord[] {
  const words: InputWord[] = [];
  for (const item of items) {
    if (typeof item === 'string') {
      const word = wordFromString(item);
      if (word) words.push(word);
    } else if (isRecord(item)) {
      const word =
        pickKey(item, WORD_KEYS) ??
        Object.values(item)
          .find((v): v is string => typeof v === 'string' && v.trim() !== '')
          ?.trim();
      if (word)
        words.push({
          word,
          translation: pickKey(item, TRANSLATION_KEYS),
          fields: item as Record<string, JsonValue>,
        });
    }
  }
  return words;
}

function firstWordArray(value: unknown): InputWord[] {
  if (Array.isArray(value)) {
    const words = wordsFromArray(value);
    if (words.length > 0) return words;
    for (const item of value) {
      const nested = firstWordArray(item);
      if (nested.length > 0) return nested;
    }
  } else if (isRecord(value)) {
    for (const nestedValue of Object.values(value)) {
      const nested = firstWordArray(nestedValue);
      if (nested.length > 0) return nested;
    }
  }
  return [];
}

/** The index just past the JSON value starting at `start`, tracking strings so brackets in them don't count. */
function balancedEnd(text: string, start: number): number | undefined {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') stack.push(c === '[' ? ']' : '}');
    else if (c === ']' || c === '}') {
      if (stack.pop() !== c) return undefined;
      if (stack.length === 0) return i + 1;
    }
  }
  return undefined;
}

function wordsFromJson(text: string): InputWord[] {
  let attempts = 0;
  for (let start = 0; start < text.length && attempts < 50; start++) {
    const c = text[start];
    if (c !== '[' && c !== '{') continue;
    attempts++;
    const end = balancedEnd(text, start);
    if (end === undefined) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text.slice(start, end));
    } catch {
      continue;
    }
    const words = firstWordArray(parsed);
    if (words.length > 0) return words;
    start = end - 1;
  }
  return [];
}

const tokenCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

function wordsFromLines(text: string): InputWord[] {
  const words: InputWord[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim().replace(/^(?:[-*•·]\s+|\d+[.)]\s+)/, '');
    if (line === '' || line.endsWith(':')) continue;
    // "Label: content" — the content is what counts ("Translate: perro", "Words: perro, gato").
    const content = line.includes(':') ? line.slice(line.indexOf(':') + 1).trim() : line;
    const listItems = content.split(/[,;]/).map(stripPunctuation);
    if (listItems.length >= 2 && listItems.every((item) => item !== '' && tokenCount(item) <= 4)) {
      for (const item of listItems) {
        const word = wordFromString(item);
        if (word) words.push(word);
      }
      continue;
    }
    const word = wordFromString(content);
    if (word && tokenCount(word.word) <= 4 && word.word.length <= 60) words.push(word);
  }
  return words;
}

function wordsFromTokens(text: string): InputWord[] {
  const tokens = text.match(/[A-Za-zÀ-ÖØ-öø-ÿ]{3,}/g) ?? [];
  return [...new Set(tokens)].slice(0, 20).map((word) => ({ word, translation: undefined, fields: {} }));
}

export interface ChatMessageLike {
  role?: unknown;
  content?: unknown;
}

export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
      .filter(Boolean)
      .join('\n');
  }
  return '';
}

/** Rule 1, from a message text. */
export function extractWordsFromText(text: string): InputWord[] {
  const fromJson = wordsFromJson(text);
  if (fromJson.length > 0) return fromJson;
  return wordsFromLines(text);
}

/** Rule 1, from the request's messages. */
export function extractInputWords(messages: readonly ChatMessageLike[]): InputWord[] {
  const userTexts = messages.filter((m) => m.role === 'user').map((m) => messageText(m.content));
  const last = userTexts.at(-1) ?? '';
  const words = extractWordsFromText(last);
  if (words.length > 0) return words;
  const fromTokens = wordsFromTokens(userTexts.join('\n'));
  return fromTokens.length > 0 ? fromTokens : [{ word: 'palabra', translation: undefined, fields: {} }];
}

// ---------------------------------------------------------------------------------------------------
// Rules 2–7: walking the schema.

const MAX_DEPTH = 12;

interface Context {
  root: JsonSchema;
  words: InputWord[];
  /** The item being produced (rule 2); undefined outside any outermost array. */
  item: InputWord | undefined;
  index: number;
  /** The nearest property name (an array's items inherit it). */
  name: string;
  inWordList: boolean;
  inSentenceList: boolean;
  depth: number;
}

function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9а-яё]+/)
    .filter(Boolean);
}

const EXAMPLE_TOKENS = ['example', 'examples', 'sentence', 'sentences', 'phrase', 'phrases', 'context'];
const RUSSIAN_TOKENS = ['ru', 'rus', 'russian', 'translation', 'translations', 'translated', 'meaning'];
const SPANISH_TOKENS = ['es', 'spa', 'spanish', 'original', 'source'];
const THEME_TOKENS = ['theme', 'themes', 'category', 'categories', 'topic', 'topics', 'tag', 'tags'];

type Category =
  | 'exampleRu'
  | 'exampleEs'
  | 'translation'
  | 'article'
  | 'pos'
  | 'level'
  | 'gender'
  | 'plural'
  | 'theme'
  | 'title'
  | 'summary'
  | 'word';

function classify(name: string, inSentenceList: boolean): Category {
  const tokens = nameTokens(name);
  const has = (list: string[]) => tokens.some((t) => list.includes(t));
  if (has(EXAMPLE_TOKENS) && has(RUSSIAN_TOKENS)) return 'exampleRu';
  if (inSentenceList && has(RUSSIAN_TOKENS)) return 'exampleRu';
  if (has(EXAMPLE_TOKENS) || (inSentenceList && has([...SPANISH_TOKENS, 'text']))) return 'exampleEs';
  if (has(RUSSIAN_TOKENS)) return 'translation';
  if (has(['article'])) return 'article';
  if (has(['pos', 'partofspeech']) || (has(['part']) && has(['speech']))) return 'pos';
  if (has(['cefr', 'level', 'difficulty'])) return 'level';
  if (has(['gender'])) return 'gender';
  if (has(['plural'])) return 'plural';
  if (has(THEME_TOKENS)) return 'theme';
  if (has(['title'])) return 'title';
  if (has(['summary', 'description'])) return 'summary';
  return 'word';
}

function joinList(items: string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1) ?? ''}`;
}

/** undefined: the fact does not apply to this word (e.g. the article of a verb). */
function categoryValue(category: Category, ctx: Context): string | undefined {
  const scope = ctx.item ? [ctx.item] : ctx.words;
  const first = scope[0] ?? { word: 'palabra', translation: undefined, fields: {} };
  const info = wordInfo(first.word);
  switch (category) {
    case 'exampleEs':
      return `Esta frase usa ${joinList(
        scope.map((w) => `**${w.word}**`),
        'y',
      )}.`;
    case 'exampleRu':
      return `Эта фраза использует ${joinList(
        scope.map((w) => `**${translateWord(w)}**`),
        'и',
      )}.`;
    case 'translation':
      return scope.map((w) => translateWord(w)).join(', ');
    case 'article':
      return info.pos === 'noun' ? info.article : undefined;
    case 'pos':
      return info.pos;
    case 'level':
      return info.level;
    case 'gender':
      return info.pos === 'noun' ? info.gender : undefined;
    case 'plural':
      return info.pos === 'noun' ? pluralOf(first.word) : undefined;
    case 'theme':
      return info.theme;
    case 'title':
      return `Historia: ${scope.map((w) => w.word).join(', ')}`;
    case 'summary':
      return `Resumen: ${scope.map((w) => w.word).join(', ')}.`;
    case 'word':
      return scope.map((w) => w.word).join(', ');
  }
}

function resolvePointer(root: JsonSchema, ref: string): JsonSchema {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return {};
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return isRecord(node) || typeof node === 'boolean' ? node : {};
}

/** The schema with $ref (siblings kept, as in draft 2020-12) and allOf folded into one object. */
function flatten(schema: JsonSchema, root: JsonSchema, guard = 0): JsonSchema {
  if (typeof schema === 'boolean' || guard > 32) return schema;
  let current: Record<string, unknown> = schema;
  if (typeof current.$ref === 'string') {
    const { $ref, ...siblings } = current;
    const target = flatten(resolvePointer(root, $ref), root, guard + 1);
    current = typeof target === 'boolean' ? siblings : { ...target, ...siblings };
  }
  if (Array.isArray(current.allOf)) {
    const { allOf, ...rest } = current;
    const merged: Record<string, unknown> = { ...rest };
    for (const part of allOf as JsonSchema[]) {
      const flat = flatten(part, root, guard + 1);
      if (typeof flat === 'boolean') continue;
      for (const [key, value] of Object.entries(flat)) {
        if (key === 'properties' && isRecord(value)) {
          merged.properties = { ...(isRecord(merged.properties) ? merged.properties : {}), ...value };
        } else if (key === 'required' && Array.isArray(value)) {
          const before = Array.isArray(merged.required) ? (merged.required as unknown[]) : [];
          merged.required = [...new Set([...before, ...(value as unknown[])])];
        } else if (!(key in merged)) merged[key] = value;
      }
    }
    current = merged;
  }
  return current;
}

function isNullSchema(schema: JsonSchema, root: JsonSchema): boolean {
  const flat = flatten(schema, root);
  return (
    typeof flat !== 'boolean' &&
    (flat.type === 'null' || (Array.isArray(flat.enum) && flat.enum.length === 1 && flat.enum[0] === null))
  );
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function echoed(ctx: Context, type: string): JsonValue | undefined {
  const value = ctx.item?.fields[ctx.name];
  if (value === undefined) return undefined;
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer') ? value : undefined;
}

function generate(schema: JsonSchema, ctx: Context, nullable: boolean): JsonValue {
  const s = flatten(schema, ctx.root);
  if (s === false) return null;
  if (s === true) return categoryValue('word', ctx) ?? '';
  if ('const' in s) return s.const as JsonValue;
  if (Array.isArray(s.enum)) return pickEnum(s.enum as JsonValue[], ctx, nullable);

  const union = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined) as
    JsonSchema[] | undefined;
  if (union) {
    const allowsNull = nullable || union.some((branch) => isNullSchema(branch, ctx.root));
    const branch = union.find((b) => !isNullSchema(b, ctx.root));
    if (!branch || (allowsNull && ctx.depth > MAX_DEPTH)) return null;
    const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = s;
    return generate(
      { ...siblings, ...(flatten(branch, ctx.root) as Record<string, unknown>) },
      ctx,
      allowsNull,
    );
  }

  let type = s.type;
  if (Array.isArray(type)) {
    const types = type as string[];
    const nonNull = types.filter((t) => t !== 'null');
    if (nonNull.length === 0) return null;
    const allowsNull = nullable || nonNull.length < types.length;
    if (allowsNull && ctx.depth > MAX_DEPTH) return null;
    return generate({ ...s, type: nonNull[0] }, ctx, allowsNull);
  }
  if (typeof type !== 'string')
    type = isRecord(s.properties) ? 'object' : s.items !== undefined ? 'array' : 'string';

  switch (type) {
    case 'object':
      return generateObject(s, ctx);
    case 'array':
      return generateArray(s, ctx);
    case 'integer':
    case 'number':
      return echoed(ctx, type) ?? generateNumber(s, ctx, type === 'integer');
    case 'boolean':
      return echoed(ctx, 'boolean') ?? true;
    case 'null':
      return null;
    default:
      return echoed(ctx, 'string') ?? generateString(s, ctx, nullable);
  }
}

function pickEnum(values: JsonValue[], ctx: Context, nullable: boolean): JsonValue {
  const echo = ctx.item?.fields[ctx.name];
  if (echo !== undefined && values.includes(echo)) return echo;
  const inferred = categoryValue(classify(ctx.name, ctx.inSentenceList), ctx);
  if (inferred === undefined) {
    if (values.includes(null) || nullable) return null;
  } else {
    const match = values.find((v) => typeof v === 'string' && v.toLowerCase() === inferred.toLowerCase());
    if (match !== undefined) return match;
  }
  return values.find((v) => v !== null) ?? null;
}

function generateObject(s: Record<string, unknown>, ctx: Context): JsonValue {
  const properties = isRecord(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const result: Record<string, JsonValue> = {};
  for (const [key, sub] of Object.entries(properties)) {
    if (ctx.depth > MAX_DEPTH && !required.has(key)) continue;
    result[key] = generate(sub as JsonSchema, { ...ctx, name: key, depth: ctx.depth + 1 }, false);
  }
  return result;
}

function generateArray(s: Record<string, unknown>, ctx: Context): JsonValue {
  const min = typeof s.minItems === 'number' ? s.minItems : 0;
  const max = typeof s.maxItems === 'number' ? s.maxItems : Number.POSITIVE_INFINITY;
  const outermost = !ctx.inWordList;
  let count = outermost ? ctx.words.length : Math.max(1, min);
  if (ctx.depth > MAX_DEPTH) count = min;
  count = Math.min(Math.max(count, min), max);
  const prefixItems = Array.isArray(s.prefixItems) ? (s.prefixItems as JsonSchema[]) : [];
  const itemSchema = (s.items ?? true) as JsonSchema;
  const inSentenceList = ctx.inSentenceList || nameTokens(ctx.name).some((t) => EXAMPLE_TOKENS.includes(t));
  const items: JsonValue[] = [];
  for (let i = 0; i < Math.max(count, prefixItems.length); i++) {
    const itemCtx: Context = outermost
      ? {
          ...ctx,
          item: ctx.words[i % ctx.words.length],
          index: i,
          inWordList: true,
          inSentenceList,
          depth: ctx.depth + 1,
        }
      : { ...ctx, inSentenceList, depth: ctx.depth + 1 };
    items.push(generate(prefixItems[i] ?? itemSchema, itemCtx, false));
  }
  return items;
}

function generateNumber(s: Record<string, unknown>, ctx: Context, integer: boolean): number {
  const tokens = nameTokens(ctx.name);
  const scopeSize = ctx.item ? 1 : ctx.words.length;
  let value = tokens.some((t) => t === 'count' || t === 'total')
    ? scopeSize
    : tokens.includes('index')
      ? ctx.index
      : ctx.index + 1;
  const step = integer ? 1 : 0.5;
  let min = typeof s.minimum === 'number' ? s.minimum : Number.NEGATIVE_INFINITY;
  let max = typeof s.maximum === 'number' ? s.maximum : Number.POSITIVE_INFINITY;
  if (typeof s.exclusiveMinimum === 'number') min = Math.max(min, s.exclusiveMinimum + step);
  if (typeof s.exclusiveMaximum === 'number') max = Math.min(max, s.exclusiveMaximum - step);
  if (integer) {
    min = Math.ceil(min);
    max = Math.floor(max);
  }
  value = Math.min(Math.max(value, min), max);
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0) {
    const m = s.multipleOf;
    value = Math.ceil(value / m) * m;
    if (value > max) value -= m;
  }
  return value;
}

function stableUuid(seed: string): string {
  let hex = '';
  let h = 0x811c9dc5;
  for (let round = 0; hex.length < 32; round++) {
    for (const c of `${seed}:${round}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
    hex += h.toString(16).padStart(8, '0');
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function asciiSlug(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'palabra';
}

function generateString(s: Record<string, unknown>, ctx: Context, nullable: boolean): JsonValue {
  const inferred = categoryValue(classify(ctx.name, ctx.inSentenceList), ctx);
  if (inferred === undefined && nullable) return null;
  const word = categoryValue('word', ctx) ?? 'palabra';
  let value = inferred ?? '';
  switch (s.format) {
    case 'date-time':
      value = '2024-01-01T00:00:00Z';
      break;
    case 'date':
      value = '2024-01-01';
      break;
    case 'time':
      value = '00:00:00Z';
      break;
    case 'email':
      value = `${asciiSlug(word)}@example.com`;
      break;
    case 'uri':
    case 'url':
      value = `https://example.com/${asciiSlug(word)}`;
      break;
    case 'uuid':
      value = stableUuid(`${ctx.name}:${word}`);
      break;
    default:
      break;
  }
  if (typeof s.pattern === 'string') {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(s.pattern, 'u');
    } catch {
      pattern = undefined;
    }
    if (pattern && !pattern.test(value)) {
      value =
        [asciiSlug(word), 'a', 'A', '0', 'a1', 'A1'].find((candidate) => pattern.test(candidate)) ?? value;
    }
  }
  // JSON Schema lengths count code points, not UTF-16 units.
  const codePoints = Array.from(value);
  if (typeof s.minLength === 'number' && codePoints.length < s.minLength) {
    value = value.padEnd(s.minLength, value === '' ? 'a' : ` ${value}`);
  }
  if (typeof s.maxLength === 'number' && Array.from(value).length > s.maxLength) {
    value = Array.from(value).slice(0, s.maxLength).join('');
  }
  return value;
}

/** Rules 2–7: the answer for `schema`, built from `words`. */
export function answerForSchema(schema: JsonSchema, words: readonly InputWord[]): JsonValue {
  const list = words.length > 0 ? [...words] : [{ word: 'palabra', translation: undefined, fields: {} }];
  return generate(
    schema,
    {
      root: schema,
      words: list,
      item: undefined,
      index: 0,
      name: '',
      inWordList: false,
      inSentenceList: false,
      depth: 0,
    },
    false,
  );
}

// ---------------------------------------------------------------------------------------------------
// OpenAI's strict-mode schema rules, checked before answering, with its own wording.

const pythonTuple = (path: string[]): string =>
  path.length === 0
    ? '()'
    : path.length === 1
      ? `('${path[0] ?? ''}',)`
      : `(${path.map((p) => `'${p}'`).join(', ')})`;

function strictProblemAt(node: unknown, path: string[]): string | undefined {
  if (!isRecord(node)) return undefined;
  const isObject =
    node.type === 'object' ||
    (Array.isArray(node.type) && node.type.includes('object')) ||
    isRecord(node.properties);
  if (isObject && node.$ref === undefined) {
    if (node.additionalProperties !== false) {
      return `In context=${pythonTuple(path)}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    const keys = Object.keys(isRecord(node.properties) ? node.properties : {});
    const required = Array.isArray(node.required) ? (node.required as unknown[]) : [];
    const missing = keys.find((key) => !required.includes(key));
    if (missing !== undefined) {
      return `In context=${pythonTuple(path)}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
    const extra = required.find((key) => typeof key !== 'string' || !keys.includes(key));
    if (extra !== undefined)
      return `In context=${pythonTuple(path)}, Extra required key '${typeof extra === 'string' ? extra : JSON.stringify(extra)}' supplied.`;
  }
  const children: [string[], unknown][] = [];
  if (isRecord(node.properties)) {
    for (const [key, value] of Object.entries(node.properties))
      children.push([[...path, 'properties', key], value]);
  }
  if (node.items !== undefined) children.push([[...path, 'items'], node.items]);
  for (const keyword of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const list = node[keyword];
    if (Array.isArray(list))
      list.forEach((value, i) => children.push([[...path, keyword, String(i)], value]));
  }
  for (const keyword of ['$defs', 'definitions']) {
    const defs = node[keyword];
    if (isRecord(defs))
      for (const [key, value] of Object.entries(defs)) children.push([[...path, keyword, key], value]);
  }
  for (const [childPath, child] of children) {
    const problem = strictProblemAt(child, childPath);
    if (problem) return problem;
  }
  return undefined;
}

/** The text OpenAI puts after "Invalid schema for response_format '<name>': ", or undefined when accepted. */
export function strictSchemaProblem(schema: unknown): string | undefined {
  if (!isRecord(schema)) return `schema must be a JSON Schema of 'type: "object"', got 'type: "None"'.`;
  if (schema.type !== 'object') {
    const got = typeof schema.type === 'string' ? schema.type : 'None';
    return `schema must be a JSON Schema of 'type: "object"', got 'type: "${got}"'.`;
  }
  return strictProblemAt(schema, []);
}
