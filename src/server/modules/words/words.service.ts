import type { WordListItem, WordUpdate } from '../../../shared/api/words';
import type { CardSpeechSource } from '../../../shared/text/spoken-text';
import { duplicateKeyOf } from '../../../shared/text/duplicate-key';
import { markedForm } from '../../../shared/text/marked-form';
import { cardSpokenTexts } from '../../../shared/text/spoken-text';
import { AppError, notFound } from '../../http/app-error';
import { compressBody, type ContentEncoding } from '../../http/content-encoding';
import { createVersionedCache } from '../../lib/versioned-cache';
import type { SettingsRepository } from '../settings/settings.repository';
import type { WordChanges, WordListFilter, WordsRepository } from './words.repository';
import { localDay } from '../../../shared/calendar/learner-day';
import type { WordUndoRepository } from './word-undo.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * docs/product/decisions.md#undo-snapshots: the screens offer an undo for 10 s; the server keeps what it
 * restores a minute, so an undo pressed at the last moment on a slow connection still arrives in time.
 */
const UNDO_KEPT_MS = 60_000;
/** About ten learners' whole dictionaries of 10,000 words each. */
const LIST_CACHE_BYTES = 64 * 1024 * 1024;

type WordRow = NonNullable<Awaited<ReturnType<WordsRepository['find']>>>;
const toItem = (row: WordRow): WordListItem => ({
  ...row,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

type WordTexts = CardSpeechSource;
const TEXT_FIELDS = ['spanish', 'russian', 'example', 'exampleTranslation'] as const;

const pickTexts = (update: WordUpdate): Partial<WordTexts> =>
  Object.fromEntries(
    TEXT_FIELDS.flatMap((field) => (update[field] === undefined ? [] : [[field, update[field]]])),
  );

/**
 * docs/product/dictionary.md#word-editing: what an edit of the texts changes besides them. A clip whose
 * spoken text changed is cleared, so neither Learn nor the dictionary plays the old words (built-in clips
 * are made again on demand, provider clips when the learner asks); the highlighted forms follow the
 * `** **` markers of the new example and translation, or fall back to the word itself.
 */
function textConsequences(before: WordTexts, after: WordTexts): WordChanges {
  const changes: WordChanges = {};
  const spokenBefore = cardSpokenTexts(before);
  const spokenAfter = cardSpokenTexts(after);
  if (spokenBefore.spanish !== spokenAfter.spanish) {
    Object.assign(changes, { audioData: null, secondVoiceAudioData: null });
  }
  if (spokenBefore.russian !== spokenAfter.russian) changes.russianAudioData = null;
  if (before.spanish !== after.spanish || before.example !== after.example) {
    changes.highlightedSpanishWord = markedForm(after.example);
  }
  if (before.russian !== after.russian || before.exampleTranslation !== after.exampleTranslation) {
    changes.highlightedRussianWord = markedForm(after.exampleTranslation);
  }
  return changes;
}

export function createWordsService(deps: {
  words: WordsRepository;
  undo: WordUndoRepository;
  settings: SettingsRepository;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const undoExpiry = () => new Date(now().getTime() + UNDO_KEPT_MS);
  const listCache = createVersionedCache({ maxBytes: LIST_CACHE_BYTES });

  return {
    /**
     * The list as JSON text (wordListSchema), in the encoding asked for when it is the whole list. The
     * whole dictionary, which screens read again and again, is kept (as built and as compressed) until the
     * learner's words change: then it costs one key lookup instead of every row and a compression of
     * megabytes. A filtered list is small; it comes back unencoded, for the server's compression.
     */
    async listJson(
      userId: string,
      filter: WordListFilter,
      encoding: ContentEncoding | null = null,
    ): Promise<{ body: Buffer; encoding: ContentEncoding | null }> {
      const isWholeList = !filter.search && !filter.cefrLevel && !filter.partOfSpeech && !filter.theme;
      if (!isWholeList)
        return { body: Buffer.from(await deps.words.listJson(userId, filter)), encoding: null };
      const key = `${userId}:${filter.limit ?? 'all'}`;
      // The version is read before the list: a change in between makes the entry stale, never wrong.
      const version = await deps.words.listVersion(userId);
      const encodedKey = `${key}:${encoding ?? 'identity'}`;
      const cachedEncoded = listCache.get(encodedKey, version);
      if (cachedEncoded) return { body: cachedEncoded, encoding };
      let body = listCache.get(key, version);
      if (!body) {
        body = Buffer.from(await deps.words.listJson(userId, filter));
        listCache.set(key, version, body);
      }
      if (!encoding) return { body, encoding: null };
      const encoded = await compressBody(body, encoding);
      listCache.set(encodedKey, version, encoded);
      return { body: encoded, encoding };
    },

    /**
     * docs/product/learn.md#spaced-repetition: hidden words whose next interval (counted from disabledAt) has
     * come and that were not reviewed today, the learner's day (docs/product/progress.md#learner-day).
     */
    async listDueForSpacedRepetition(userId: string): Promise<WordListItem[]> {
      const { spacedRepetitionIntervals: intervals, timeZone } = await deps.settings.findOrCreate(userId);
      const today = now();
      const isSameDay = (a: Date, b: Date) => localDay(a, timeZone) === localDay(b, timeZone);
      const rows = await deps.words.listInSpacedRepetition(userId);
      return rows
        .filter((row) => {
          const intervalDays = intervals[row.spacedRepetitionDay];
          if (!row.disabledAt || intervalDays === undefined) return false;
          const isDue = row.disabledAt.getTime() + intervalDays * DAY_MS <= today.getTime();
          const wasReviewedToday = row.lastSpacedRepetitionAt
            ? isSameDay(row.lastSpacedRepetitionAt, today)
            : false;
          return isDue && !wasReviewedToday;
        })
        .map(({ spacedRepetitionDay: _day, lastSpacedRepetitionAt: _last, ...row }) => toItem(row));
    },

    /** 404 for a word that is not this learner's, exactly as for one that does not exist. */
    async assertOwned(userId: string, wordId: number): Promise<void> {
      if (!(await deps.words.isOwnedBy(userId, wordId))) throw notFound('word_not_found');
    },

    async update(userId: string, wordId: number, update: WordUpdate): Promise<WordListItem> {
      const changes: WordChanges = { ...update };
      if (update.spanish !== undefined) changes.duplicateKey = duplicateKeyOf(update.spanish);
      if (update.themeCategory) changes.themeCategory = update.themeCategory.toLocaleLowerCase('ru');
      // A translation is never empty (wordUpdateSchema): the word has the one it was waiting for.
      if (update.russian !== undefined) changes.needsTranslation = false;
      if (TEXT_FIELDS.some((field) => update[field] !== undefined)) {
        const before = await deps.words.findTexts(userId, wordId);
        if (!before) throw notFound('word_not_found');
        Object.assign(changes, textConsequences(before, { ...before, ...pickTexts(update) }));
      }
      // docs/product/learn.md#spaced-repetition: hiding a word starts its spaced repetition; showing it again
      // ends it.
      if (update.isActive === false) {
        Object.assign(changes, { disabledAt: now(), isSpacedRepetitionActive: true, spacedRepetitionDay: 0 });
      } else if (update.isActive === true) {
        Object.assign(changes, { disabledAt: null, isSpacedRepetitionActive: false, spacedRepetitionDay: 0 });
      }
      const outcome = await deps.words.update(userId, wordId, changes);
      if (outcome === 'missing') throw notFound('word_not_found');
      if (outcome === 'duplicate') throw new AppError('duplicate_word', 409);
      const word = await deps.words.find(userId, wordId);
      if (!word) throw notFound('word_not_found');
      return toItem(word);
    },

    /** Learn's 'Убрать из изучения': the word leaves Learn, with a token that puts it back as it was. */
    async hide(userId: string, wordId: number) {
      const change = await deps.undo.hideWord(userId, wordId, now(), undoExpiry());
      if (!change) throw notFound('word_not_found');
      return { undoToken: change.undoToken };
    },

    /** Every listen count back to 0 (docs/product/dictionary.md#maintenance-actions), with its undo token. */
    async resetListenCounts(userId: string) {
      const change = await deps.undo.resetListenCounts(userId, now(), undoExpiry());
      return { reset: change.count, undoToken: change.undoToken };
    },

    /** Takes back a hide or a reset; a repeated undo answers as the first did. */
    async undo(userId: string, undoToken: string) {
      const restored = await deps.undo.undo(userId, undoToken, now());
      if (restored === null) throw notFound('undo_not_found');
      return { restored };
    },

    async delete(userId: string, wordId: number): Promise<void> {
      if ((await deps.words.delete(userId, [wordId])) === 0) throw notFound('word_not_found');
    },

    async get(userId: string, wordId: number): Promise<WordListItem> {
      const word = await deps.words.find(userId, wordId);
      if (!word) throw notFound('word_not_found');
      return toItem(word);
    },

    async deleteMany(userId: string, wordIds: number[]) {
      const deleted = await deps.words.delete(userId, wordIds);
      return { deleted, message: `Удалено слов: ${deleted}` };
    },

    listThemes: (userId: string) => deps.words.listThemes(userId),
  };
}
export type WordsService = ReturnType<typeof createWordsService>;
