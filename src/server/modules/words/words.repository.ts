import { and, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { foldForSearch, SEARCH_FOLD_TABLE } from '../../../shared/text/search-fold';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import { themes, wordListVersions, words, wordThemes } from '../../db/schema';
import { liveWordOf, liveWordsOf } from './word-scope';

export interface WordListFilter {
  search?: string | undefined;
  cefrLevel?: string | undefined;
  partOfSpeech?: string | undefined;
  theme?: string | undefined;
  limit?: number | undefined;
}

/**
 * A clip's `/media/…` path. Lists never carry media bytes (docs/product/media.md#content-addressed-store,
 * docs/product/media.md#lists-carry-no-bytes): a `data:` URL from imported data is left out, and the card
 * that needs it reads the word on its own.
 */
const clipPath = (column: AnyPgColumn) =>
  sql<string | null>`case when ${column} like 'data:%' then null else ${column} end`;

const listColumns = {
  id: words.id,
  spanish: words.spanish,
  russian: words.russian,
  needsTranslation: words.needsTranslation,
  example: words.example,
  exampleTranslation: words.exampleTranslation,
  highlightedSpanishWord: words.highlightedSpanishWord,
  highlightedRussianWord: words.highlightedRussianWord,
  cefrLevel: words.cefrLevel,
  partOfSpeech: words.partOfSpeech,
  themeCategory: words.themeCategory,
  imageUrl: words.imageUrl,
  audioData: clipPath(words.audioData),
  russianAudioData: clipPath(words.russianAudioData),
  secondVoiceAudioData: clipPath(words.secondVoiceAudioData),
  isActive: words.isActive,
  isHidden: words.isHidden,
  attempts: words.attempts,
  listenCount: words.listenCount,
  audiobookUsageCount: words.audiobookUsageCount,
  disabledUsageCount: words.disabledUsageCount,
  disabledAt: words.disabledAt,
  createdAt: words.createdAt,
};

/** An instant as `Date.prototype.toISOString` writes it, so SQL-built JSON matches the other answers. */
const isoText = (column: typeof words.createdAt | typeof words.disabledAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The list columns under the contract's names (wordListItemSchema), for the database to build JSON from. */
const listJsonColumns = Object.fromEntries(
  Object.entries(listColumns).map(([name, column]) => [
    name,
    (column === words.createdAt || column === words.disabledAt ? isoText(column) : sql`${column}`).as(name),
  ]),
);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * docs/product/dictionary.md#search: the shared fold (case and accents) in SQL, from the same table the
 * client folds with; `translate` and `lower` are core PostgreSQL, so PGlite and any server run it as is.
 */
const foldedForSearch = (column: AnyPgColumn) =>
  sql`translate(lower(${column}), ${SEARCH_FOLD_TABLE.from}, ${SEARCH_FOLD_TABLE.to})`;

export type WordChanges = Partial<
  Pick<
    typeof words.$inferInsert,
    | 'spanish'
    | 'russian'
    | 'needsTranslation'
    | 'duplicateKey'
    | 'example'
    | 'exampleTranslation'
    | 'highlightedSpanishWord'
    | 'highlightedRussianWord'
    | 'partOfSpeech'
    | 'cefrLevel'
    | 'themeCategory'
    | 'audioData'
    | 'russianAudioData'
    | 'secondVoiceAudioData'
    | 'isActive'
    | 'isHidden'
    | 'attempts'
    | 'imageUrl'
    | 'disabledAt'
    | 'isSpacedRepetitionActive'
    | 'spacedRepetitionDay'
  >
>;

export function createWordsRepository(db: Db) {
  function listConditions(userId: string, filter: WordListFilter) {
    const conditions: SQL[] = [liveWordsOf(userId)];
    if (filter.search) {
      const pattern = `%${escapeLike(foldForSearch(filter.search))}%`;
      const matches = or(
        sql`${foldedForSearch(words.spanish)} like ${pattern}`,
        sql`${foldedForSearch(words.russian)} like ${pattern}`,
      );
      if (matches) conditions.push(matches);
    }
    if (filter.cefrLevel) conditions.push(eq(words.cefrLevel, filter.cefrLevel));
    if (filter.partOfSpeech) conditions.push(eq(words.partOfSpeech, filter.partOfSpeech));
    if (filter.theme) {
      const theme = filter.theme;
      conditions.push(
        or(
          eq(words.themeCategory, theme),
          exists(
            db
              .select({ one: wordThemes.wordId })
              .from(wordThemes)
              .innerJoin(themes, eq(themes.id, wordThemes.themeId))
              .where(and(eq(wordThemes.wordId, words.id), eq(themes.name, theme))),
          ),
        ) as SQL,
      );
    }
    return and(...conditions);
  }

  return {
    /**
     * The same list as a JSON array text, built by the database: with thousands of words, reading each
     * field into JavaScript and serialising it again costs far more than the query itself.
     */
    async listJson(userId: string, filter: WordListFilter): Promise<string> {
      const ordered = db
        .select(listJsonColumns)
        .from(words)
        .where(listConditions(userId, filter))
        .orderBy(desc(words.createdAt), desc(words.id));
      const rows = filter.limit ? ordered.limit(filter.limit) : ordered;
      // json_agg keeps the order of a sorted subquery (PostgreSQL aggregates rows as the subquery yields them).
      const result = await db.execute(
        sql`select coalesce(json_agg(list), '[]'::json)::text as body from (${rows}) as list`,
      );
      return rowsOf<{ body?: string }>(result)[0]?.body ?? '[]';
    },

    /** Moves with every committed change to the learner's words (triggers in migration 0003). */
    async listVersion(userId: string): Promise<number> {
      const [row] = await db
        .select({ version: wordListVersions.version })
        .from(wordListVersions)
        .where(eq(wordListVersions.userId, userId));
      return row?.version ?? 0;
    },

    /** Hidden words still in the spaced-repetition scheme, for the service to pick the due ones. */
    async listInSpacedRepetition(userId: string) {
      return db
        .select({
          ...listColumns,
          spacedRepetitionDay: words.spacedRepetitionDay,
          lastSpacedRepetitionAt: words.lastSpacedRepetitionAt,
        })
        .from(words)
        .where(and(liveWordsOf(userId), eq(words.isSpacedRepetitionActive, true)));
    },

    async find(userId: string, wordId: number) {
      const [row] = await db.select(listColumns).from(words).where(liveWordOf(userId, wordId)).limit(1);
      return row;
    },

    async isOwnedBy(userId: string, wordId: number): Promise<boolean> {
      return (await this.find(userId, wordId)) !== undefined;
    },

    /**
     * 'duplicate' when the change would give the learner two words with one duplicate key (D8). A change of
     * the theme relinks the word in the themes tables in the same transaction
     * (docs/product/dictionary.md#word-editing): the one theme it names, upserted by name, or none.
     */
    async update(
      userId: string,
      wordId: number,
      changes: WordChanges,
    ): Promise<'updated' | 'missing' | 'duplicate'> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(words)
            .set(changes)
            .where(liveWordOf(userId, wordId))
            .returning({ id: words.id });
          if (!row) return 'missing';
          if (changes.themeCategory !== undefined) {
            await tx.delete(wordThemes).where(eq(wordThemes.wordId, wordId));
            const name = changes.themeCategory;
            if (name !== null) {
              await tx.insert(themes).values({ name }).onConflictDoNothing({ target: themes.name });
              const [theme] = await tx.select({ id: themes.id }).from(themes).where(eq(themes.name, name));
              if (theme) await tx.insert(wordThemes).values({ wordId, themeId: theme.id });
            }
          }
          return 'updated';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },

    /** The texts an edit compares with (docs/product/dictionary.md#word-editing). */
    async findTexts(userId: string, wordId: number) {
      const [row] = await db
        .select({
          spanish: words.spanish,
          russian: words.russian,
          example: words.example,
          exampleTranslation: words.exampleTranslation,
        })
        .from(words)
        .where(liveWordOf(userId, wordId))
        .limit(1);
      return row;
    },

    /** Deletes only this learner's words among the ids; answers how many went. */
    async delete(userId: string, wordIds: number[]): Promise<number> {
      if (wordIds.length === 0) return 0;
      const rows = await db
        .delete(words)
        .where(and(eq(words.userId, userId), inArray(words.id, wordIds)))
        .returning({ id: words.id });
      return rows.length;
    },

    /** Themes this learner's words use, with how many of their words each has. */
    async listThemes(userId: string) {
      return db
        .select({ id: themes.id, name: themes.name, icon: themes.icon, wordCount: count(words.id) })
        .from(themes)
        .innerJoin(wordThemes, eq(wordThemes.themeId, themes.id))
        .innerJoin(words, and(eq(words.id, wordThemes.wordId), liveWordsOf(userId)))
        .groupBy(themes.id)
        .orderBy(themes.name);
    },
  };
}
export type WordsRepository = ReturnType<typeof createWordsRepository>;
