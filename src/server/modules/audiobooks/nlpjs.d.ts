// @nlpjs ships JavaScript without types; these are the two stemmers the word-usage check uses.
declare module '@nlpjs/lang-es' {
  export class StemmerEs {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-ru' {
  export class StemmerRu {
    stemWord(word: string): string;
  }
}
