import type { PartOfSpeech } from '../../../shared/catalogs/word-tags';

/**
 * Spanish words of the closed classes, and the everyday adverbs, with their part of speech
 * (docs/product/upload.md#analysis-without-a-language-model). Without a language model they are looked up
 * before the noun list, so `mañana`, `bien` or `tarde` — nouns too — never get an article the learner did
 * not type. Determiners (este, mi, cada…) are pronouns here, as Russian grammar names them (местоимения);
 * articles, which a learner's list holds only as part of a noun, have no entry.
 */
const CLOSED_CLASS_WORDS: Record<Exclude<PartOfSpeech, 'noun' | 'verb' | 'adjective' | 'phrase'>, string> = {
  adverb: `ayer hoy mañana anoche anteayer anteanoche siempre nunca jamás muy también tampoco aquí
    allí allá ahí acá ya todavía aún luego después antes ahora pronto tarde temprano bien mal mejor peor más
    menos bastante demasiado casi solo sólo tan tanto mucho poco así quizá quizás acaso sí no cerca lejos
    dentro fuera afuera adentro arriba abajo delante detrás encima debajo enfrente adelante atrás despacio
    deprisa apenas entonces siquiera incluso además enseguida recién cómo dónde adónde cuándo cuánto donde
    adonde como`,
  conjunction: 'y e o u ni pero sino mas que porque pues aunque si cuando mientras conque ya_que',
  preposition: `a ante cabe con contra de desde durante en entre hacia hasta mediante para por según sin
    sobre tras`,
  pronoun: `yo tú él ella ello usted nosotros nosotras vosotros vosotras ellos ellas ustedes me te se nos os
    lo le les mí ti conmigo contigo consigo alguien nadie algo nada quien quién quienes quiénes qué cuál cual
    cuáles cuales esto eso aquello este esta estos estas ese esa esos esas aquel aquella aquellos aquellas
    mi mis tu tus su sus nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras mío mía míos
    mías tuyo tuya tuyos tuyas suyo suya suyos suyas cada algún alguno alguna algunos algunas ningún
    ninguno ninguna todo toda todos todas otro otra otros otras varios varias cualquier cualquiera`,
  numeral: `cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince
    dieciséis diecisiete dieciocho diecinueve veinte treinta cuarenta cincuenta sesenta setenta ochenta
    noventa cien ciento doscientos trescientos cuatrocientos quinientos seiscientos setecientos ochocientos
    novecientos mil`,
  interjection: 'hola adiós gracias ojalá ay olé caramba chao chau perdón',
};

const CLOSED_CLASS = new Map<string, PartOfSpeech>(
  Object.entries(CLOSED_CLASS_WORDS).flatMap(([partOfSpeech, words]) =>
    words
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => [word.replaceAll('_', ' '), partOfSpeech as PartOfSpeech] as const),
  ),
);

/** The part of speech of a closed-class word or an everyday adverb, by its lower-case spelling. */
export const closedClassOf = (word: string): PartOfSpeech | undefined => CLOSED_CLASS.get(word);
