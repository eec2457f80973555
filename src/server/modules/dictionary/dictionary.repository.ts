import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  audioFiles,
  audiobookSentences,
  audiobooks,
  generatedImages,
  themes,
  words,
  wordThemes,
} from '../../db/schema';
import { liveWordOf, liveWordsOf } from '../words/word-scope';

const hasNoImage = or(isNull(words.imageUrl), eq(words.imageUrl, ''));
const isMissingTags = or(isNull(words.cefrLevel), isNull(words.partOfSpeech), isNull(words.themeCategory));

/**
 * A picture for the media library (docs/product/dictionary.md#media-library: every version is kept in
 * `generated_images`).
 */
export interface NewPicture {
  imageUrl: string;
  styleId: number | null;
  styleName: string | null;
  imageFormat: string | null;
}

export interface PhraseChanges {
  example: string | null;
  exampleTranslation: string | null;
  highlightedSpanishWord: string | null;
  highlightedRussianWord: string | null;
  audioData: string | null;
  russianAudioData: string | null;
  secondVoiceAudioData: string | null;
}

export interface TagChanges {
  cefrLevel: string | null;
  partOfSpeech: string | null;
  themeCategory: string | null;
}

const wordTextColumns = {
  id: words.id,
  spanish: words.spanish,
  russian: words.russian,
};

/** The dictionary screen's own queries: a word's pictures and sentences, and the maintenance actions. */
export function createDictionaryRepository(db: Db) {
  return {
    async findWord(userId: string, wordId: number) {
      const [row] = await db
        .select({
          ...wordTextColumns,
          example: words.example,
          exampleTranslation: words.exampleTranslation,
          imageUrl: words.imageUrl,
          createdAt: words.createdAt,
        })
        .from(words)
        .where(liveWordOf(userId, wordId))
        .limit(1);
      return row;
    },

    /** The word's library pictures, newest first. */
    async listPictures(userId: string, wordId: number) {
      return db
        .select({
          id: generatedImages.id,
          imageUrl: generatedImages.imageUrl,
          styleId: generatedImages.styleId,
          styleName: generatedImages.styleName,
          imageFormat: generatedImages.imageFormat,
          createdAt: generatedImages.createdAt,
        })
        .from(generatedImages)
        .where(and(eq(generatedImages.userId, userId), eq(generatedImages.wordId, wordId)))
        .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id));
    },

    async findPicture(userId: string, wordId: number, imageId: number) {
      const [row] = await db
        .select({ imageUrl: generatedImages.imageUrl, styleName: generatedImages.styleName })
        .from(generatedImages)
        .where(
          and(
            eq(generatedImages.id, imageId),
            eq(generatedImages.userId, userId),
            eq(generatedImages.wordId, wordId),
          ),
        )
        .limit(1);
      return row;
    },

    /** Answers false when the word is not this learner's (or is gone). */
    async setPicture(
      userId: string,
      wordId: number,
      imageUrl: string,
      imageStyle: string | null,
    ): Promise<boolean> {
      const rows = await db
        .update(words)
        .set({ imageUrl, imageStyle })
        .where(liveWordOf(userId, wordId))
        .returning({ id: words.id });
      return rows.length > 0;
    },

    /** The new picture becomes the word's and joins its library, together. */
    async savePicture(userId: string, wordId: number, picture: NewPicture): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(words)
          .set({ imageUrl: picture.imageUrl, imageStyle: picture.styleName })
          .where(liveWordOf(userId, wordId))
          .returning({ id: words.id });
        if (rows.length === 0) return false;
        await tx.insert(generatedImages).values({ userId, wordId, ...picture });
        return true;
      });
    },

    /**
     * Sentences of the learner's audiobooks whose Spanish has a word starting with one of the forms
     * (`\m` is PostgreSQL's start-of-word), oldest book first, in reading order.
     */
    async findSentences(userId: string, forms: string[], limit: number) {
      if (forms.length === 0) return [];
      const escape = (form: string) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = `\\m(${forms.map(escape).join('|')})`;
      return db
        .select({
          id: audiobookSentences.id,
          audiobookId: audiobookSentences.audiobookId,
          audiobookTitle: audiobooks.title,
          orderIndex: audiobookSentences.orderIndex,
          spanish: audiobookSentences.spanish,
          russian: audiobookSentences.russian,
          createdAt: audiobookSentences.createdAt,
        })
        .from(audiobookSentences)
        .innerJoin(
          audiobooks,
          and(eq(audiobooks.id, audiobookSentences.audiobookId), eq(audiobooks.userId, userId)),
        )
        .where(and(eq(audiobookSentences.userId, userId), sql`${audiobookSentences.spanish} ~* ${pattern}`))
        .orderBy(asc(audiobooks.createdAt), asc(audiobooks.id), asc(audiobookSentences.orderIndex))
        .limit(limit);
    },

    async updatePhrase(userId: string, wordId: number, changes: PhraseChanges): Promise<boolean> {
      const rows = await db
        .update(words)
        .set(changes)
        .where(liveWordOf(userId, wordId))
        .returning({ id: words.id });
      return rows.length > 0;
    },

    /** Fills the tags and links the theme, as an upload does (themes are a shared catalogue). */
    async updateTags(userId: string, wordId: number, changes: TagChanges) {
      await db.transaction(async (tx) => {
        const rows = await tx
          .update(words)
          .set(changes)
          .where(liveWordOf(userId, wordId))
          .returning({ id: words.id });
        if (rows.length === 0 || !changes.themeCategory) return;
        await tx.insert(themes).values({ name: changes.themeCategory }).onConflictDoNothing();
        const [theme] = await tx
          .select({ id: themes.id })
          .from(themes)
          .where(eq(themes.name, changes.themeCategory));
        if (theme) await tx.insert(wordThemes).values({ wordId, themeId: theme.id }).onConflictDoNothing();
      });
    },

    countWords: async (userId: string) => countWhere(liveWordsOf(userId)),
    countActiveWords: async (userId: string) =>
      countWhere(and(liveWordsOf(userId), eq(words.isActive, true))),
    countWordsWithoutImage: async (userId: string) => countWhere(and(liveWordsOf(userId), hasNoImage)),
    countWordsWithImage: async (userId: string) =>
      countWhere(and(liveWordsOf(userId), ne(words.imageUrl, ''))),
    countWordsMissingTags: async (userId: string) => countWhere(and(liveWordsOf(userId), isMissingTags)),

    /** Oldest first, so a long run goes through words in the order the learner added them. */
    listActiveWords: (userId: string) =>
      db
        .select(wordTextColumns)
        .from(words)
        .where(and(liveWordsOf(userId), eq(words.isActive, true)))
        .orderBy(asc(words.id)),
    listWords: (userId: string) =>
      db.select(wordTextColumns).from(words).where(liveWordsOf(userId)).orderBy(asc(words.id)),
    listWordsWithoutImage: (userId: string) =>
      db
        .select(wordTextColumns)
        .from(words)
        .where(and(liveWordsOf(userId), hasNoImage))
        .orderBy(asc(words.id)),
    listWordsMissingTags: (userId: string) =>
      db
        .select({
          ...wordTextColumns,
          cefrLevel: words.cefrLevel,
          partOfSpeech: words.partOfSpeech,
          themeCategory: words.themeCategory,
        })
        .from(words)
        .where(and(liveWordsOf(userId), isMissingTags))
        .orderBy(asc(words.id)),

    /** Every distinct picture reference of the learner: words' pictures and library rows. */
    async listImageReferences(userId: string): Promise<string[]> {
      const rows = await db.execute(sql`
        select ${words.imageUrl} as url from ${words}
        where ${words.userId} = ${userId} and ${words.imageUrl} is not null and ${words.imageUrl} <> ''
        union
        select ${generatedImages.imageUrl} from ${generatedImages} where ${generatedImages.userId} = ${userId}`);
      return rowsOf<{ url: string }>(rows).map((row) => row.url);
    },

    /** Drops these picture references from the learner's words and library; answers how many went. */
    async dropImageReferences(userId: string, urls: string[]): Promise<number> {
      if (urls.length === 0) return 0;
      return db.transaction(async (tx) => {
        const cleared = await tx
          .update(words)
          .set({ imageUrl: null, imageStyle: null })
          .where(and(eq(words.userId, userId), inArray(words.imageUrl, urls)))
          .returning({ id: words.id });
        const deleted = await tx
          .delete(generatedImages)
          .where(and(eq(generatedImages.userId, userId), inArray(generatedImages.imageUrl, urls)))
          .returning({ id: generatedImages.id });
        return cleared.length + deleted.length;
      });
    },

    /**
     * Drops the learner's audio: the clip references on words and the audio cache (D9). Answers how many
     * distinct clips that was.
     */
    async deleteAllAudio(userId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const counted = await tx.execute(sql`
          select count(*) as total from (
            select ${words.audioData} as clip from ${words} where ${words.userId} = ${userId}
            union select ${words.russianAudioData} from ${words} where ${words.userId} = ${userId}
            union select ${words.secondVoiceAudioData} from ${words} where ${words.userId} = ${userId}
            union select ${audioFiles.audioData} from ${audioFiles} where ${audioFiles.userId} = ${userId}
          ) clips where clip is not null and clip <> ''`);
        await tx
          .update(words)
          .set({ audioData: null, russianAudioData: null, secondVoiceAudioData: null })
          .where(
            and(
              eq(words.userId, userId),
              or(
                sql`${words.audioData} is not null`,
                sql`${words.russianAudioData} is not null`,
                sql`${words.secondVoiceAudioData} is not null`,
              ),
            ),
          );
        await tx.delete(audioFiles).where(eq(audioFiles.userId, userId));
        return Number(rowsOf<{ total: number | string }>(counted)[0]?.total ?? 0);
      });
    },

    async deleteWordsWithoutImage(userId: string): Promise<number> {
      const rows = await db
        .delete(words)
        .where(and(liveWordsOf(userId), hasNoImage))
        .returning({ id: words.id });
      return rows.length;
    },
  };

  async function countWhere(condition: ReturnType<typeof and>): Promise<number> {
    const [row] = await db.select({ total: count() }).from(words).where(condition);
    return row?.total ?? 0;
  }
}
export type DictionaryRepository = ReturnType<typeof createDictionaryRepository>;
