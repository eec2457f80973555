import { describe, expect, it } from 'vitest';
import { matchEmoji } from '../../../src/server/providers/builtin-images/emoji-matcher';
import {
  SPANISH_OVERRIDES,
  RUSSIAN_OVERRIDES,
} from '../../../src/server/providers/builtin-images/emoji-overrides';
import {
  foldRussian,
  getEmojiIndex,
  normaliseKey,
  stripVariationSelectors,
} from '../../../src/server/providers/builtin-images/emoji-index';
import {
  normaliseAlternatives,
  russianForms,
  spanishForms,
  spanishVerbForms,
  stripSpanishArticles,
} from '../../../src/server/providers/builtin-images/emoji-word-forms';

/** Emoji compared without U+FE0F: emojibase writes 🐕️ where people write 🐕. */
const bare = (emoji: string) => stripVariationSelectors(emoji);
/** A string of acceptable emoji, split into whole emoji (ZWJ sequences and flags stay together). */
const acceptable = (list: string) =>
  new Set(
    [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(list)].map((part) =>
      bare(part.segment),
    ),
  );

const DOG = '🐕🐶🐩🦮';
const CAT = '🐈🐱🐈‍⬛';
const MOUSE = '🐁🐭';
const FISH = '🐟🐠';
const FLOWER = '🌸🌺🌼🌷🌹🌻💐🏵️🪷';
const MOON = '🌙🌕🌝🌛🌜🌑🌒🌓🌔🌖🌗🌘🌚';
const BOOK = '📖📕📗📘📙📚📓📔';
const TEACHER = '🧑‍🏫👨‍🏫👩‍🏫';

/** Common nouns a learner uploads, as they upload them: with and without articles, some plural. */
const SPANISH_NOUNS: readonly (readonly [string, string])[] = [
  ['el perro', DOG],
  ['gato', CAT],
  ['la casa', '🏠🏡🏘️'],
  ['el libro', BOOK],
  ['el agua', '💧🚰'],
  ['el sol', '☀️🌞'],
  ['la luna', MOON],
  ['la manzana', '🍎🍏'],
  ['el pan', '🍞🥖'],
  ['el coche', '🚗🚘🚙'],
  ['el árbol', '🌳🌲🌴'],
  ['la flor', FLOWER],
  ['el pájaro', '🐦🐤🐥'],
  ['el pez', FISH],
  ['el caballo', '🐎🐴'],
  ['la vaca', '🐄🐮'],
  ['el cerdo', '🐖🐷'],
  ['el ratón', MOUSE],
  ['el tren', '🚆🚂🚄🚅🚈'],
  ['el avión', '✈️🛩️🛫'],
  ['el barco', '🚢⛵🛥️🚤'],
  ['la bicicleta', '🚲'],
  ['el reloj', '⌚🕰️⏰'],
  ['el teléfono', '☎️📞📱'],
  ['la llave', '🔑🗝️'],
  ['la puerta', '🚪'],
  ['la cama', '🛏️'],
  ['la silla', '🪑'],
  ['el queso', '🧀'],
  ['el huevo', '🥚🍳'],
  ['la leche', '🥛🍼'],
  ['el café', '☕'],
  ['el vino', '🍷'],
  ['la cerveza', '🍺🍻'],
  ['el tomate', '🍅'],
  ['la zanahoria', '🥕'],
  ['la naranja', '🍊'],
  ['el plátano', '🍌'],
  ['las uvas', '🍇'],
  ['la fresa', '🍓'],
  ['el limón', '🍋'],
  ['la pizza', '🍕'],
  ['el helado', '🍦🍨'],
  ['el pastel', '🎂🍰🥧'],
  ['la sal', '🧂'],
  ['el arroz', '🍚🍙'],
  ['la montaña', '⛰️🏔️🗻'],
  ['el mar', '🌊🏖️'],
  ['la playa', '🏖️'],
  ['la lluvia', '🌧️☔⛈️'],
  ['la nieve', '❄️🌨️☃️⛄'],
  ['la estrella', '⭐🌟'],
  ['el fuego', '🔥'],
  ['el corazón', '❤️'],
  ['la mano', '✋🖐️🤚👋'],
  ['el ojo', '👁️👀'],
  ['la nariz', '👃'],
  ['la boca', '👄'],
  ['la oreja', '👂'],
  ['el pie', '🦶'],
  ['el diente', '🦷'],
  ['el dinero', '💰💵💶💴💷💸'],
  ['la música', '🎵🎶🎼'],
  ['la guitarra', '🎸'],
  ['la pelota', '⚽🏀🏐🎾🥎'],
  ['el regalo', '🎁'],
  ['el hospital', '🏥'],
  ['la escuela', '🏫'],
  ['la iglesia', '⛪'],
  ['el niño', '👦🧒'],
  ['la niña', '👧🧒'],
  ['el hombre', '👨'],
  ['la mujer', '👩'],
  ['el bebé', '👶'],
  ['el médico', '🧑‍⚕️👨‍⚕️👩‍⚕️'],
  ['la camisa', '👕👔👚'],
  ['los zapatos', '👞👟👠'],
  ['el sombrero', '🎩👒🤠'],
  ['las gafas', '👓🕶️'],
  ['el paraguas', '☂️☔🌂'],
  ['la ventana', '🪟'],
  ['el ordenador', '💻🖥️'],
  ['la carta', '✉️💌📨📩'],
  ['el lápiz', '✏️'],
  ['el cuchillo', '🔪'],
  ['la cuchara', '🥄'],
  ['el tenedor', '🍴'],
  ['los perros', DOG],
  ['las gatas', CAT],
  ['la abeja', '🐝'],
  ['la mariposa', '🦋'],
  ['la serpiente', '🐍'],
  ['el león', '🦁'],
  ['el oso', '🐻'],
  ['el conejo', '🐇🐰'],
  ['la gallina', '🐔'],
  ['la rana', '🐸'],
  ['el mono', '🐒🐵'],
  ['el elefante', '🐘'],
  ['la tortuga', '🐢'],
  ['la araña', '🕷️'],
  ['la nube', '☁️'],
  ['el arcoíris', '🌈'],
  ['la patata', '🥔'],
  ['el maíz', '🌽'],
  ['la cebolla', '🧅'],
  ['el ajo', '🧄'],
  ['el autobús', '🚌🚍'],
  ['el cohete', '🚀'],
  ['los ratones', MOUSE],
  ['las flores', FLOWER],
  ['los peces', FISH],
  ['el calcetín', '🧦'],
  ['la vela', '🕯️⛵'],
  ['el cumpleaños', '🎂🥳'],
  ['la fiesta', '🎉🥳🎊'],
  ['la ducha', '🚿'],
  ['la pierna', '🦵'],
  ['el profesor', TEACHER],
  ['la profesora', TEACHER],
  ['el policía', '👮🚓'],
  ['el fútbol', '⚽'],
  // As typed in a hurry, or pasted from an example sentence.
  ['**perro**', DOG],
  ['Perro 🐶', DOG],
  ['raton', MOUSE],
  ['arbol', '🌳🌲🌴'],
  ['cafe', '☕'],
  ['La Casa.', '🏠🏡🏘️'],
];

const RUSSIAN_NOUNS: readonly (readonly [string, string])[] = [
  ['собака', DOG],
  ['кошка', CAT],
  ['дом', '🏠🏡🏘️'],
  ['книга', BOOK],
  ['вода', '💧🚰'],
  ['солнце', '☀️🌞'],
  ['луна', MOON],
  ['яблоко', '🍎🍏'],
  ['хлеб', '🍞🥖'],
  ['машина', '🚗🚘🚙'],
  ['дерево', '🌳🌲🌴'],
  ['цветок', FLOWER],
  ['птица', '🐦🐤🐥'],
  ['рыба', FISH],
  ['лошадь', '🐎🐴'],
  ['корова', '🐄🐮'],
  ['молоко', '🥛🍼'],
  ['сыр', '🧀'],
  ['кофе', '☕'],
  ['часы', '⌚🕰️⏰'],
  ['ключ', '🔑🗝️'],
  ['дверь', '🚪'],
  ['кровать', '🛏️'],
  ['стул', '🪑'],
  ['огонь', '🔥'],
  ['сердце', '❤️'],
  ['звезда', '⭐🌟'],
  ['снег', '❄️🌨️☃️⛄'],
  ['дождь', '🌧️☔⛈️'],
  ['гора', '⛰️🏔️🗻'],
  ['море', '🌊🏖️'],
  ['самолёт', '✈️🛩️🛫'],
  ['поезд', '🚆🚂🚄🚅🚈'],
  ['велосипед', '🚲'],
  ['телефон', '☎️📞📱'],
  ['деньги', '💰💵💶💴💷💸'],
  ['окно', '🪟'],
  ['глаз', '👁️👀'],
  ['нога', '🦵🦶'],
  ['школа', '🏫'],
  ['больница', '🏥'],
  ['мяч', '⚽🏀🏐🎾🥎'],
  ['подарок', '🎁'],
  ['банан', '🍌'],
  ['лимон', '🍋'],
  ['торт', '🎂🍰'],
  ['мороженое', '🍦🍨'],
  ['яйцо', '🥚'],
  ['чай', '🍵🫖'],
  ['пиво', '🍺🍻'],
  ['мышь', MOUSE],
  ['медведь', '🐻'],
  ['лев', '🦁'],
  ['слон', '🐘'],
  ['обезьяна', '🐒🐵'],
  ['змея', '🐍'],
  ['бабочка', '🦋'],
  ['лягушка', '🐸'],
  ['черепаха', '🐢'],
  ['мальчик', '👦🧒'],
  ['девочка', '👧🧒'],
  ['мужчина', '👨'],
  ['женщина', '👩'],
  ['врач', '🧑‍⚕️👨‍⚕️👩‍⚕️'],
  ['автобус', '🚌🚍'],
  ['ракета', '🚀'],
  ['облако', '☁️'],
  ['радуга', '🌈'],
  ['гитара', '🎸'],
  // Plural and ё-less spellings.
  ['собаки', DOG],
  ['кошки', CAT],
  ['книги', BOOK],
  ['самолет', '✈️🛩️🛫'],
];

interface Outcome {
  word: string;
  got: string;
  source: string;
  hit: boolean;
}

function evaluate(cases: readonly (readonly [string, string])[], language: 'es' | 'ru'): Outcome[] {
  return cases.map(([word, expected]) => {
    const match = matchEmoji(language === 'es' ? { spanish: word } : { spanish: '', russian: word });
    return { word, got: match.emoji, source: match.source, hit: acceptable(expected).has(bare(match.emoji)) };
  });
}

const rate = (outcomes: readonly Outcome[]) =>
  outcomes.filter((outcome) => outcome.hit).length / outcomes.length;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

function report(label: string, outcomes: readonly Outcome[]) {
  const misses = outcomes.filter((outcome) => !outcome.hit);
  const bySource = new Map<string, number>();
  for (const outcome of outcomes.filter((item) => item.hit)) {
    bySource.set(outcome.source, (bySource.get(outcome.source) ?? 0) + 1);
  }
  console.log(
    `${label}: ${outcomes.length - misses.length}/${outcomes.length} = ${percent(rate(outcomes))}` +
      ` (hits by source: ${[...bySource].map(([source, count]) => `${source} ${count}`).join(', ')})` +
      (misses.length ? `; misses: ${misses.map((miss) => `${miss.word}→${miss.got}`).join(' ')}` : ''),
  );
}

describe('matchEmoji hit rate on common nouns', () => {
  it('pictures at least 90% of common Spanish and Russian nouns with an expected emoji', () => {
    expect(SPANISH_NOUNS.length).toBeGreaterThanOrEqual(60);
    expect(RUSSIAN_NOUNS.length).toBeGreaterThanOrEqual(20);
    const spanish = evaluate(SPANISH_NOUNS, 'es');
    const russian = evaluate(RUSSIAN_NOUNS, 'ru');
    const overall = [...spanish, ...russian];
    report('Spanish', spanish);
    report('Russian', russian);
    report('Overall', overall);
    expect(rate(overall)).toBeGreaterThanOrEqual(0.9);
    expect(rate(spanish)).toBeGreaterThanOrEqual(0.85);
    expect(rate(russian)).toBeGreaterThanOrEqual(0.85);
  });
});

const es = (spanish: string) => matchEmoji({ spanish });
const ru = (russian: string) => matchEmoji({ spanish: '', russian });
const expectEmoji = (match: { emoji: string }, expected: string) =>
  expect(acceptable(expected).has(bare(match.emoji)), `${match.emoji} is not one of ${expected}`).toBe(true);

describe('normalisation', () => {
  it.each([
    ['El Perro', ['el perro']],
    ['**perro**', ['perro']],
    ['¡Hola!', ['hola']],
    ['perro 🐶', ['perro']],
    ['banco (mueble)', ['banco']],
    ['(nota)', ['nota']],
    ['perro, can', ['perro', 'can']],
    ['кот / кошка', ['кот', 'кошка']],
    ['  ', []],
  ])('%j → %j', (input, expected) => {
    expect(normaliseAlternatives(input)).toEqual(expected);
  });

  it.each([
    ['el perro', 'perro'],
    ['los perros', 'perros'],
    ['unas gatas', 'gatas'],
    ['lo bueno', 'bueno'],
    ['el la estudiante', 'estudiante'],
    ['la', 'la'],
    ['perro', 'perro'],
  ])('strips leading articles: %j → %j', (input, expected) => {
    expect(stripSpanishArticles(input)).toBe(expected);
  });

  it('reads the NFD spelling of a word as its NFC one', () => {
    expect(es('el rato\u0301n'.normalize('NFD')).emoji).toBe(es('el ratón').emoji);
  });
});

describe('word forms', () => {
  it.each([
    ['perros', 'perro'],
    ['gatas', 'gato'],
    ['gata', 'gato'],
    ['peces', 'pez'],
    ['flores', 'flor'],
    ['profesora', 'profesor'],
    ['perrito', 'perro'],
    ['ducharse', 'duchar'],
    ['calcetín', 'calcetínes'],
  ])('Spanish %s includes %s', (word, form) => {
    expect(spanishForms(word)).toContain(form);
  });

  it.each([
    ['cantando', 'cantar'],
    ['comido', 'comer'],
    ['escribiendo', 'escribir'],
  ])('Spanish verb form %s leads to %s', (word, infinitive) => {
    expect(spanishVerbForms(word)).toContain(infinitive);
  });

  it.each([
    ['собаки', 'собака'],
    ['столы', 'стол'],
    ['окна', 'окно'],
    ['моря', 'море'],
    ['красная', 'красный'],
    ['синие', 'синий'],
    ['учиться', 'учить'],
  ])('Russian %s includes %s', (word, form) => {
    expect(russianForms(word)).toContain(form);
  });
});

describe('matchEmoji', () => {
  it('reports where the emoji came from', () => {
    expect(es('el perro')).toMatchObject({ source: 'es', hexcode: '1F415' });
    expect(ru('собака')).toMatchObject({ source: 'ru', hexcode: '1F415' });
    expect(es('comer')).toMatchObject({ source: 'override' });
    expect(es('xyzzy qwerty')).toEqual({ emoji: '📝', hexcode: '1F4DD', source: 'fallback' });
    expect(matchEmoji({ spanish: '', russian: '' }).source).toBe('fallback');
    expect(matchEmoji({ spanish: '🐶!!' }).source).toBe('fallback');
  });

  it('prefers the Spanish word and falls back to the Russian translation', () => {
    expectEmoji(matchEmoji({ spanish: 'el gato', russian: 'собака' }), CAT);
    expect(matchEmoji({ spanish: 'el xyzzy', russian: 'собака' })).toMatchObject({ source: 'ru' });
    expectEmoji(matchEmoji({ spanish: 'el xyzzy', russian: 'собака' }), DOG);
  });

  it.each([
    ['comer', '🍽️'],
    ['dormir', '😴'],
    ['ducharse', '🚿'],
    ['cantando', '🎤'],
    ['roja', '🔴'],
    ['pequeña', '🐭'],
    ['cansadas', '😩'],
  ])('uses the curated list for %s, also inflected', (word, expected) => {
    expectEmoji(es(word), expected);
  });

  it.each([
    ['красная', '🔴'],
    ['большой', '🐘'],
    ['спать', '😴'],
  ])('uses the curated Russian list for %s', (word, expected) => {
    expectEmoji(ru(word), expected);
  });

  it.each([
    ['el perro grande', DOG],
    ['hacer la cama', '🛏️'],
    ['ir a la playa', '🏖️'],
    ['lavarse los dientes', '🦷'],
  ])('finds the thing in a phrase: %s', (phrase, expected) => {
    expectEmoji(es(phrase), expected);
  });

  it('finds the noun at the end of a Russian phrase', () => {
    expectEmoji(ru('большая собака'), DOG);
  });

  it('keeps participles that are nouns of their own', () => {
    expectEmoji(es('el helado'), '🍦🍨');
    expectEmoji(es('el pescado'), FISH);
  });

  it('draws flags for countries only', () => {
    expectEmoji(es('España'), '🇪🇸');
    expectEmoji(ru('Россия'), '🇷🇺');
    const index = getEmojiIndex();
    const isCountryFlag = (emoji: string) => /^\p{Regional_Indicator}{2}$/u.test(bare(emoji));
    const flagged = [...index.es].filter(([, hit]) => isCountryFlag(hit.entry.emoji)).map(([key]) => key);
    expect(flagged).toContain('españa');
    for (const word of ['bandera', 'rojo', 'azul', 'país', 'es', 'mx']) expect(flagged).not.toContain(word);
  });

  it('never picks a skin-tone variant or a component', () => {
    const index = getEmojiIndex();
    const entries = [...index.es.values(), ...index.esFolded.values(), ...index.ru.values()];
    const component = /^[\u{1F3FB}-\u{1F3FF}\u{1F9B0}-\u{1F9B3}\p{Regional_Indicator}]$/u;
    const wrong = entries
      .map(({ entry }) => entry.emoji)
      .filter((emoji) => /\p{Emoji_Modifier}/u.test(emoji) || component.test(bare(emoji)));
    expect(entries.length).toBeGreaterThan(5000);
    expect([...new Set(wrong)]).toEqual([]);
  });
});

describe('the curated lists', () => {
  const everyOverride = [...Object.entries(SPANISH_OVERRIDES), ...Object.entries(RUSSIAN_OVERRIDES)];

  it('cover at least 80 Spanish verbs and adjectives', () => {
    const required = [
      'comer',
      'beber',
      'dormir',
      'correr',
      'leer',
      'escribir',
      'hablar',
      'cantar',
      'bailar',
      'nadar',
      'cocinar',
      'trabajar',
      'estudiar',
      'grande',
      'pequeño',
      'feliz',
      'triste',
      'rápido',
      'caliente',
      'frío',
      'rojo',
    ];
    for (const word of required) expect(SPANISH_OVERRIDES, word).toHaveProperty([word]);
    const verbs = Object.keys(SPANISH_OVERRIDES).filter((word) => /(ar|er|ir|ír)$/.test(word));
    expect(verbs.length).toBeGreaterThanOrEqual(80);
    expect(Object.keys(SPANISH_OVERRIDES).length - verbs.length).toBeGreaterThanOrEqual(80);
  });

  it('map normalised keys to drawable emoji', () => {
    const index = getEmojiIndex();
    const unnormalised = everyOverride.filter(([word]) => foldRussian(normaliseKey(word)) !== word);
    const undrawable = everyOverride.filter(([, emoji]) => !index.byEmoji.has(bare(emoji)));
    expect(unnormalised).toEqual([]);
    expect(undrawable).toEqual([]);
  });
});
