import { JOB_KINDS } from '../../../shared/api/jobs';
import { AppError } from '../../http/app-error';
import type { JobStarter } from '../../lib/job-starter';
import { makeVariantWithSharp } from '../../media/picture-variants';
import { type MediaStore, type MediaType, parseMediaPath } from '../../media/media-store';
import type { UserProviders } from '../providers/user-providers';
import type { AudiobookCreationRepository, CreationSentence } from './audiobook-creation.repository';
import type { AudiobookMaintenanceRepository, BookCounts } from './audiobook-maintenance.repository';
import type { AudiobookRow } from './audiobook-view';
import { countWords, createWordUsageMatcher } from './word-usage';
import type { WordUsageRepository } from './word-usage.repository';

/** A cover is shown at card width: this many pixels is enough on a dense screen. */
export const COVER_WIDTH = 768;
const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/=\s]+)$/;

const isStored = (value: string | null): value is string =>
  value !== null && parseMediaPath(value) !== undefined;

/** Counts a book's sentences give it: length, clips and pictures (docs/product/audiobooks.md#maintenance). */
function countsOf(sentences: readonly CreationSentence[]): BookCounts {
  const spanish = sentences.reduce((sum, sentence) => sum + countWords(sentence.spanish), 0);
  const russian = sentences.reduce((sum, sentence) => sum + countWords(sentence.russian), 0);
  return {
    sentenceCount: sentences.length,
    actualWordCount: spanish,
    actualWordCountSpanish: spanish,
    actualWordCountRussian: russian,
    actualWordCountTotal: spanish + russian,
    mainAudioCount: sentences.filter((sentence) => isStored(sentence.audioData)).length,
    secondVoiceCount: sentences.filter((sentence) => isStored(sentence.secondVoiceAudioData)).length,
    russianAudioCount: sentences.filter((sentence) => isStored(sentence.russianAudioData)).length,
    imageCount: sentences.filter((sentence) => isStored(sentence.imageData)).length,
  };
}

const differs = (row: AudiobookRow, counts: BookCounts) =>
  (Object.keys(counts) as (keyof BookCounts)[]).some((key) => row[key] !== counts[key]);

/** The library's six maintenance actions (docs/product/audiobooks.md#maintenance). */
export function createAudiobookMaintenanceService(deps: {
  maintenance: AudiobookMaintenanceRepository;
  creation: Pick<AudiobookCreationRepository, 'sentences' | 'listWords'>;
  wordUsage: WordUsageRepository;
  mediaStore: MediaStore;
  userProviders: UserProviders;
  jobStarter: Pick<JobStarter, 'start'>;
}) {
  const { maintenance, creation } = deps;

  /** The cover's bytes to re-encode: a legacy data: URL, or a stored picture that is not WebP yet. */
  async function coverBytes(userId: string, cover: string): Promise<Buffer | null> {
    const inline = DATA_URL.exec(cover);
    if (inline?.[2]) return Buffer.from(inline[2], 'base64');
    const stored = parseMediaPath(cover);
    if (!stored || stored.extension === 'webp') return null;
    const blob = await deps.mediaStore.findReadable(stored.sha256, userId);
    return blob ? Buffer.from(blob.data) : null;
  }

  /** The learner's dictionary as the usage check reads it: the matcher and which words are passive. */
  async function dictionaryOf(userId: string) {
    const dictionary = await creation.listWords(userId);
    return {
      matcher: createWordUsageMatcher(dictionary),
      passive: new Set(dictionary.filter((word) => word.disabledAt !== null).map((word) => word.id)),
    };
  }

  /** One book's words used, active/passive counts and word counts, recomputed from its sentences. */
  async function verifyBook(
    userId: string,
    bookId: number,
    dictionary: Awaited<ReturnType<typeof dictionaryOf>>,
  ) {
    const sentences = await creation.sentences(userId, bookId);
    const used = new Set(sentences.flatMap((sentence) => dictionary.matcher.wordsIn(sentence)));
    const words = [...used].map((wordId) => ({ wordId, isActive: !dictionary.passive.has(wordId) }));
    const active = words.filter((word) => word.isActive).length;
    await deps.wordUsage.replaceWordsUsed(userId, bookId, words);
    await maintenance.updateBook(userId, bookId, {
      ...countsOf(sentences),
      activeWordsUsed: active,
      passiveWordsUsed: words.length - active,
      wordsUsedActive: active,
      wordsUsedDisabled: words.length - active,
      verificationCompleted: true,
    });
  }

  return {
    /**
     * Every book verified on its own: one that fails is counted in `failedCount` (and told to `onFailure`),
     * and the others are still verified (docs/product/audiobooks.md#maintenance).
     */
    async reVerifyAll(userId: string, onFailure: (bookId: number, error: unknown) => void = () => {}) {
      const books = await maintenance.books(userId);
      const dictionary = await dictionaryOf(userId);
      let successCount = 0;
      let failedCount = 0;
      for (const book of books) {
        try {
          await verifyBook(userId, book.id, dictionary);
          successCount += 1;
        } catch (error) {
          failedCount += 1;
          onFailure(book.id, error);
        }
      }
      return { totalAudiobooks: books.length, successCount, failedCount };
    },

    /** After a sentence's text changed (the player's rewrites): the book's usage and counts follow it. */
    reVerifyBook: async (userId: string, bookId: number) =>
      verifyBook(userId, bookId, await dictionaryOf(userId)),

    /** Each book linked to exactly the genres its list names (the learner's genre rows made where missing). */
    async fixTags(userId: string) {
      const books = await maintenance.books(userId);
      const links = await maintenance.links(userId);
      const ids = await maintenance.genreIdsByName(userId, [
        ...new Set(books.flatMap((book) => book.genreNames)),
      ]);
      let updated = 0;
      for (const book of books) {
        const wanted = new Set(book.genreNames.flatMap((name) => ids.get(name) ?? []));
        const current = new Set(
          links.filter((link) => link.audiobookId === book.id).map((link) => link.genreId),
        );
        const missing = [...wanted].filter((id) => !current.has(id));
        const extra = [...current].filter((id) => !wanted.has(id));
        if (missing.length === 0 && extra.length === 0) continue;
        await maintenance.addLinks(userId, book.id, missing);
        await maintenance.removeLinks(userId, book.id, extra);
        updated += 1;
      }
      return { statistics: { processed: books.length, updated } };
    },

    /** Counts read again from the sentences; `analyzed` names the books whose stored counts were wrong. */
    async analyzeContent(userId: string) {
      const books = await maintenance.books(userId);
      let analyzed = 0;
      for (const book of books) {
        const counts = countsOf(await creation.sentences(userId, book.id));
        if (!differs(book, counts)) continue;
        await maintenance.updateBook(userId, book.id, counts);
        analyzed += 1;
      }
      return { statistics: { processed: books.length, analyzed } };
    },

    /**
     * Covers as small stored WebP pictures: a legacy data: URL or a large PNG/JPEG is re-encoded at card
     * width; a book without a cover gets its first sentence picture. A cover that cannot be read fails alone.
     */
    async optimizeCovers(userId: string) {
      let success = 0;
      let failed = 0;
      for (const book of await maintenance.books(userId)) {
        try {
          let cover = book.coverImageData;
          if (cover === null || cover.trim() === '') {
            const first = (await creation.sentences(userId, book.id)).find((sentence) =>
              isStored(sentence.imageData),
            );
            cover = first?.imageData ?? null;
            if (cover === null) continue;
          }
          const bytes = await coverBytes(userId, cover);
          if (bytes) {
            const variant = await makeVariantWithSharp(bytes, COVER_WIDTH);
            if (variant !== 'original') cover = await deps.mediaStore.put(userId, variant.data, 'image/webp');
            else if (!isStored(cover)) {
              const type = (DATA_URL.exec(cover)?.[1] ?? 'image/png') as MediaType;
              cover = await deps.mediaStore.put(userId, bytes, type);
            }
          } else if (!isStored(cover)) {
            throw new Error('a cover that is neither stored nor a picture');
          }
          if (cover !== book.coverImageData)
            await maintenance.updateBook(userId, book.id, { coverImageData: cover });
          success += 1;
        } catch {
          failed += 1;
        }
      }
      return { success, failed };
    },

    /** Links to genres a book's list does not name, and names listed twice, are conflicts: removed. */
    async validateTagConflicts(userId: string) {
      const books = await maintenance.books(userId);
      const links = await maintenance.links(userId);
      let conflictsFound = 0;
      let conflictsResolved = 0;
      for (const book of books) {
        const names = new Set(book.genreNames);
        const stray = links.filter((link) => link.audiobookId === book.id && !names.has(link.name));
        const repeated = book.genreNames.length - names.size;
        conflictsFound += stray.length + repeated;
        if (stray.length > 0) {
          await maintenance.removeLinks(
            userId,
            book.id,
            stray.map((link) => link.genreId),
          );
          conflictsResolved += stray.length;
        }
        if (repeated > 0) {
          await maintenance.setGenreNames(userId, book.id, [...names]);
          conflictsResolved += repeated;
        }
      }
      return { statistics: { conflictsFound, conflictsResolved } };
    },

    async startLogicValidation(userId: string) {
      const providers = await deps.userProviders.forUser(userId);
      if (!providers.languageModel) throw new AppError('audiobook_language_model_missing', 400);
      const books = await maintenance.books(userId);
      const jobId = await deps.jobStarter.start(userId, JOB_KINDS.validateAudiobookLogic, {}, books.length);
      return { jobId };
    },
  };
}
export type AudiobookMaintenanceService = ReturnType<typeof createAudiobookMaintenanceService>;
