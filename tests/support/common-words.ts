import type { PartOfSpeech } from '../../src/shared/catalogs/word-tags';

/**
 * Sixty common words as a learner pastes them, each with what the app must store for it without a
 * language model (docs/product/upload.md#analysis-without-a-language-model): the Spanish with the article it
 * is sure of, and the part of speech or null. Nouns with and without a typed article, adjectives, adverbs
 * (ayer; mañana meaning "tomorrow"), verbs, conjunctions, prepositions, pronouns, and the traps: nouns that
 * end like an infinitive (mujer, lugar), a noun of either gender (mar) and an infinitive that is also a
 * noun (poder, ser).
 */
export interface CommonWord {
  line: string;
  stored: string;
  partOfSpeech: PartOfSpeech | null;
}

const word = (line: string, stored: string, partOfSpeech: PartOfSpeech | null): CommonWord => ({
  line,
  stored,
  partOfSpeech,
});

export const COMMON_WORDS: CommonWord[] = [
  // Nouns the learner typed bare: the noun list's gender gives the article.
  word('mujer - женщина', 'la mujer', 'noun'),
  word('lugar - место', 'el lugar', 'noun'),
  word('mar - море', 'mar', 'noun'),
  word('casa - дом', 'la casa', 'noun'),
  word('perro - собака', 'el perro', 'noun'),
  word('libro - книга', 'el libro', 'noun'),
  word('ciudad - город', 'la ciudad', 'noun'),
  word('mano - рука', 'la mano', 'noun'),
  word('día - день', 'el día', 'noun'),
  word('agua - вода', 'el agua', 'noun'),
  word('problema - проблема', 'el problema', 'noun'),
  word('noche - ночь', 'la noche', 'noun'),
  word('leche - молоко', 'la leche', 'noun'),
  word('hombre - мужчина', 'el hombre', 'noun'),
  word('calle - улица', 'la calle', 'noun'),
  // Nouns with the article the learner typed, kept as typed.
  word('el coche - машина', 'el coche', 'noun'),
  word('la mesa - стол', 'la mesa', 'noun'),
  word('el árbol - дерево', 'el árbol', 'noun'),
  word('la flor - цветок', 'la flor', 'noun'),
  word('los zapatos - туфли', 'los zapatos', 'noun'),
  // Adjectives: no sure rule names them, so no article and no part of speech.
  word('bueno - хороший', 'bueno', null),
  word('feliz - счастливый', 'feliz', null),
  word('grande - большой', 'grande', null),
  word('pequeño - маленький', 'pequeño', null),
  word('rojo - красный', 'rojo', null),
  word('nuevo - новый', 'nuevo', null),
  word('difícil - трудный', 'difícil', null),
  word('bonito - красивый', 'bonito', null),
  // Adverbs.
  word('ayer - вчера', 'ayer', 'adverb'),
  word('mañana - завтра', 'mañana', 'adverb'),
  word('hoy - сегодня', 'hoy', 'adverb'),
  word('siempre - всегда', 'siempre', 'adverb'),
  word('nunca - никогда', 'nunca', 'adverb'),
  word('muy - очень', 'muy', 'adverb'),
  word('también - тоже', 'también', 'adverb'),
  word('aquí - здесь', 'aquí', 'adverb'),
  word('bien - хорошо', 'bien', 'adverb'),
  word('rápidamente - быстро', 'rápidamente', 'adverb'),
  // Verbs, the infinitives that are nouns too among them.
  word('poder - мочь', 'poder', 'verb'),
  word('ser - быть', 'ser', 'verb'),
  word('hablar - говорить', 'hablar', 'verb'),
  word('comer - есть', 'comer', 'verb'),
  word('vivir - жить', 'vivir', 'verb'),
  word('tener - иметь', 'tener', 'verb'),
  word('ir - идти', 'ir', 'verb'),
  word('levantarse - вставать', 'levantarse', 'verb'),
  // Conjunctions.
  word('pero - но', 'pero', 'conjunction'),
  word('y - и', 'y', 'conjunction'),
  word('o - или', 'o', 'conjunction'),
  word('porque - потому что', 'porque', 'conjunction'),
  word('aunque - хотя', 'aunque', 'conjunction'),
  // Prepositions.
  word('con - с', 'con', 'preposition'),
  word('sin - без', 'sin', 'preposition'),
  word('para - для', 'para', 'preposition'),
  word('desde - от', 'desde', 'preposition'),
  word('entre - между', 'entre', 'preposition'),
  // Pronouns.
  word('yo - я', 'yo', 'pronoun'),
  word('nosotros - мы', 'nosotros', 'pronoun'),
  word('algo - что-то', 'algo', 'pronoun'),
  word('nadie - никто', 'nadie', 'pronoun'),
];
