import { describe, expect, it } from 'vitest';
import {
  definiteArticleOf,
  knownNoun,
  knownNounCount,
} from '../../../src/server/modules/enrichment/spanish-nouns';
import nounList from '../../../src/server/modules/enrichment/spanish-nouns.data.json';
import {
  localAnalysis,
  wordClassWithoutModel,
} from '../../../src/server/modules/enrichment/word-analysis.step';
import { COMMON_WORDS } from '../../support/common-words';

const entryOf = (line: string) => {
  const [spanish = '', russian = null] = line.split(' - ');
  return { spanish, russian };
};

describe('the committed noun list', () => {
  it('names its source and licence and holds thousands of nouns with a gender', () => {
    expect(nounList.source).toMatch(/apertium-eng-spa/);
    expect(nounList.licence).toBe('GPL-2.0');
    expect(knownNounCount()).toBeGreaterThanOrEqual(3000);
    expect(nounList.masculine.length).toBeGreaterThan(1000);
    expect(nounList.feminine.length).toBeGreaterThan(1000);
  });

  it('knows every noun of the common words with the gender its article says', () => {
    const nouns = COMMON_WORDS.filter(({ partOfSpeech }) => partOfSpeech === 'noun');
    expect(nouns.length).toBeGreaterThanOrEqual(20);
    for (const { stored } of nouns) {
      const [article, bare] = stored.includes(' ') ? stored.split(' ') : [null, stored];
      // A plural the learner typed (los zapatos) is listed in the singular.
      const singular = article === 'los' || article === 'las' ? bare.slice(0, -1) : bare;
      const noun = knownNoun(singular);
      expect(noun, singular).toBeDefined();
      if (article === 'los') expect(noun?.gender).toBe('masculine');
      else if (noun?.gender === 'either') expect(article).toBeNull();
      else expect(definiteArticleOf(singular, noun!.gender), singular).toBe(article);
    }
  });

  it('gives feminine nouns with a stressed first a the article el, the others la', () => {
    for (const word of ['agua', 'alma', 'área', 'águila', 'hacha', 'aula', 'ave', 'ansia', 'arma']) {
      expect(definiteArticleOf(word, 'feminine'), word).toBe('el');
    }
    for (const word of ['arena', 'alarma', 'amiga', 'harina', 'almohada', 'casa', 'hache']) {
      expect(definiteArticleOf(word, 'feminine'), word).toBe('la');
    }
    expect(definiteArticleOf('perro', 'masculine')).toBe('el');
  });
});

describe('a word without a language model', () => {
  it('stores what the common words list says for each of the sixty', () => {
    expect(COMMON_WORDS).toHaveLength(60);
    for (const { line, stored, partOfSpeech } of COMMON_WORDS) {
      const analysis = localAnalysis(entryOf(line));
      expect({ line, stored: analysis.spanishWithArticle, partOfSpeech: analysis.partOfSpeech }).toEqual({
        line,
        stored,
        partOfSpeech,
      });
    }
  });

  it('never adds an article to a closed-class word, even one that is a noun too', () => {
    for (const spanish of ['mañana', 'bien', 'tarde', 'nada', 'todo', 'pero', 'con', 'muy', 'nunca']) {
      expect(wordClassWithoutModel({ spanish, russian: null }).spanishWithArticle, spanish).toBeNull();
    }
  });

  it('reads a noun–verb homograph by its Russian: the verb unless the Russian is a noun', () => {
    expect(wordClassWithoutModel({ spanish: 'poder', russian: null })).toEqual({
      partOfSpeech: 'verb',
      spanishWithArticle: null,
    });
    expect(wordClassWithoutModel({ spanish: 'poder', russian: 'мочь, уметь' }).partOfSpeech).toBe('verb');
    expect(wordClassWithoutModel({ spanish: 'poder', russian: 'власть' })).toEqual({
      partOfSpeech: 'noun',
      spanishWithArticle: 'el poder',
    });
    expect(wordClassWithoutModel({ spanish: 'el poder', russian: 'мочь' })).toEqual({
      partOfSpeech: 'noun',
      spanishWithArticle: null,
    });
  });

  it('claims a noun that is also an adjective only when the Russian is a noun', () => {
    expect(wordClassWithoutModel({ spanish: 'amigo', russian: 'друг' }).spanishWithArticle).toBe('el amigo');
    expect(wordClassWithoutModel({ spanish: 'amigo', russian: 'дружеский' })).toEqual({
      partOfSpeech: null,
      spanishWithArticle: null,
    });
    expect(wordClassWithoutModel({ spanish: 'joven', russian: null }).spanishWithArticle).toBeNull();
  });

  it('calls a verb only an infinitive-shaped word on neither list, and leaves the rest empty', () => {
    expect(wordClassWithoutModel({ spanish: 'caminar', russian: 'ходить' }).partOfSpeech).toBe('verb');
    expect(wordClassWithoutModel({ spanish: 'oír', russian: 'слышать' }).partOfSpeech).toBe('verb');
    expect(wordClassWithoutModel({ spanish: 'azúcar', russian: 'сахар' }).partOfSpeech).toBe('noun');
    expect(wordClassWithoutModel({ spanish: 'tranquilo', russian: 'спокойный' })).toEqual({
      partOfSpeech: null,
      spanishWithArticle: null,
    });
    expect(wordClassWithoutModel({ spanish: 'por favor', russian: 'пожалуйста' }).partOfSpeech).toBe(
      'phrase',
    );
  });
});
