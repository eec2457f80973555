import { EMOJI } from '../../../shared/text/spoken-text';
/**
 * Just enough morphology to meet the annotations, which name things in the singular (masculine for
 * Spanish adjectives and animals, nominative for Russian). Every form is only a guess to look up, so
 * over-generating is harmless; a wrong guess simply finds nothing.
 */

const SPANISH_ARTICLES = new Set(['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'lo']);

/** Words that never name the picture inside a phrase ("vaso de agua", "ir a la playa"). */
const SPANISH_STOPWORDS = new Set([
  ...SPANISH_ARTICLES,
  'de',
  'del',
  'a',
  'al',
  'en',
  'y',
  'e',
  'o',
  'u',
  'con',
  'sin',
  'por',
  'para',
  'que',
  'se',
  'me',
  'te',
  'le',
  'les',
  'nos',
  'su',
  'sus',
  'mi',
  'mis',
  'tu',
  'tus',
  'es',
  'muy',
  'más',
  'no',
  'sí',
]);

const RUSSIAN_STOPWORDS = new Set([
  'в',
  'во',
  'на',
  'и',
  'а',
  'с',
  'со',
  'к',
  'ко',
  'у',
  'о',
  'об',
  'от',
  'по',
  'за',
  'из',
  'для',
  'не',
  'что',
  'это',
  'очень',
  'себя',
  'ся',
]);

/**
 * Lower-case NFC text with `**` markers, emoji, notes in parentheses and punctuation removed, split into
 * alternatives on commas, semicolons and slashes ("perro, can" or "кот / кошка").
 */
export function normaliseAlternatives(text: string): string[] {
  const cleaned = text.normalize('NFC').toLowerCase().replace(/\*\*/g, ' ').replace(EMOJI, ' ');
  // A note in parentheses ("banco (mueble)") is dropped unless it is all there is.
  const withoutNotes = cleaned.replace(/\([^)]*\)/g, ' ');
  const source = withoutNotes.trim() === '' ? cleaned : withoutNotes;
  return source
    .split(/[,;/|]/)
    .map((part) =>
      part
        .replace(/[\p{P}\p{S}]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => part !== '');
}

/** "el perro" → "perro"; "el/la estudiante" → "estudiante"; a lone article stays what it is. */
export function stripSpanishArticles(phrase: string): string {
  const words = phrase.split(' ');
  while (words.length > 1 && SPANISH_ARTICLES.has(words[0] ?? '')) words.shift();
  return words.join(' ');
}

export const spanishTokens = (phrase: string) =>
  phrase.split(' ').filter((word) => word.length > 1 && !SPANISH_STOPWORDS.has(word));

export const russianTokens = (phrase: string) =>
  phrase.split(' ').filter((word) => word.length > 1 && !RUSSIAN_STOPWORDS.has(word));

function collector(first: string) {
  const forms = [first];
  const add = (form: string) => {
    if (form.length >= 2 && !forms.includes(form)) forms.push(form);
  };
  return { forms, add };
}

/**
 * Singular masculine guesses for a Spanish word: perros → perro, gatas → gata → gato, peces → pez,
 * flores → flor, profesora → profesor, perrito → perro, lavarse → lavar.
 */
export function spanishForms(word: string): string[] {
  const { forms, add } = collector(word);
  if (/(ar|er|ir|ír)se$/.test(word)) add(word.slice(0, -2));
  if (word.endsWith('ces')) add(`${word.slice(0, -3)}z`);
  if (word.endsWith('s')) add(word.slice(0, -1));
  if (word.endsWith('es')) add(word.slice(0, -2));
  for (const form of [...forms]) {
    const diminutive = /^(.{2,}?)(?:c?it|ill)([oa])$/.exec(form);
    if (diminutive) add(`${diminutive[1] ?? ''}${diminutive[2] ?? ''}`);
  }
  for (const form of [...forms]) {
    if (form.endsWith('ora')) add(form.slice(0, -1));
    if (form.endsWith('a')) add(`${form.slice(0, -1)}o`);
  }
  // Some things are named in the plural only: "calcetines", "gafas", "uvas".
  if (!word.endsWith('s')) {
    add(/[aeiouáéó]$/.test(word) ? `${word}s` : `${word}es`);
  }
  return forms;
}

/**
 * Infinitives behind a gerund or participle (cantando → cantar, comido → comer/comir), for the curated
 * verbs. Kept apart from {@link spanishForms} because many participles are nouns of their own
 * ("pescado", "helado") that must not become the verb.
 */
export function spanishVerbForms(word: string): string[] {
  const verb = /^(.{2,}?)(ando|ado|ada|iendo|yendo|ido|ida)$/.exec(word);
  if (!verb) return [];
  const [, root = '', ending = ''] = verb;
  return (ending.startsWith('a') ? ['ar'] : ['er', 'ir']).map((infinitive) => `${root}${infinitive}`);
}

/**
 * Dictionary-form guesses for a Russian word: собаки → собака, столы → стол, окна → окно, моря → море,
 * красная → красный, учиться → учить.
 */
export function russianForms(word: string): string[] {
  const { forms, add } = collector(word);
  const stem = (length: number) => word.slice(0, -length);

  if (word.endsWith('ться') || word.endsWith('тись')) add(`${stem(4)}ть`);
  if (word.endsWith('тся')) add(`${stem(3)}ть`);
  const adjective = /^(.+?)(ая|яя|ое|ее|ые|ие|ого|его|ому|ему|ую|юю|ым|им)$/.exec(word);
  if (adjective) {
    const base = adjective[1] ?? '';
    for (const ending of ['ый', 'ий', 'ой']) add(`${base}${ending}`);
  }
  const last = word.at(-1);
  if (last === 'ы') {
    add(stem(1));
    add(`${stem(1)}а`);
  } else if (last === 'и') {
    for (const ending of ['а', 'я', 'ь', 'й', '']) add(`${stem(1)}${ending}`);
  } else if (last === 'а') {
    add(stem(1));
    add(`${stem(1)}о`);
  } else if (last === 'я') {
    for (const ending of ['е', 'ь', 'й']) add(`${stem(1)}${ending}`);
  }
  if (word.endsWith('ей') || word.endsWith('ов')) add(stem(2));
  return forms;
}
