import type { Audiobook, Sentence } from '../../../shared/api/audiobooks';
import { AppError } from '../../http/app-error';
import type { JobStarter } from '../../lib/job-starter';
import { parseMediaPath } from '../../media/media-store';
import type { SentenceAudioService } from './audiobook-sentence-audio.service';
import { audiobookViewOf } from './audiobook-view';
import type { AudiobooksRepository, BookWithLinks, SentenceRow } from './audiobooks.repository';
import type { WordUsageRepository } from './word-usage.repository';

/** Lists carry paths, never bytes: a value that is not a `/media/…` path (a legacy data: URL) reads as none. */
const mediaOnly = (value: string | null): string | null =>
  value !== null && parseMediaPath(value) ? value : null;

const viewOf = ({ row, genreIds, selectedSeries }: BookWithLinks): Audiobook =>
  audiobookViewOf({ ...row, coverImageData: mediaOnly(row.coverImageData) }, { genreIds, selectedSeries });

export const sentenceOf = (row: SentenceRow): Sentence => ({
  id: row.id,
  orderIndex: row.orderIndex,
  spanish: row.spanish,
  russian: row.russian,
  audioData: mediaOnly(row.audioData),
  secondVoiceAudioData: mediaOnly(row.secondVoiceAudioData),
  russianAudioData: mediaOnly(row.russianAudioData),
  imageData: mediaOnly(row.imageData),
  imageStyle: row.imageStyle,
  listenCount: row.listenCount,
});

const bookNotFound = () => new AppError('audiobook_not_found', 404);

/** The library's books (docs/product/audiobooks.md#library): read, renamed, deleted; another learner's is not found. */
export function createAudiobooksService(deps: {
  books: AudiobooksRepository;
  wordUsage: WordUsageRepository;
  jobStarter: Pick<JobStarter, 'cancel'>;
  /** Which stored clips the player is to ask for again (docs/product/audiobooks.md#clips-and-the-learners-settings). */
  sentenceAudio: Pick<SentenceAudioService, 'listed'>;
}) {
  const { books, wordUsage, jobStarter } = deps;

  async function find(userId: string, id: number): Promise<Audiobook> {
    const book = await books.find(userId, id);
    if (!book) throw bookNotFound();
    return viewOf(book);
  }

  return {
    list: async (userId: string): Promise<Audiobook[]> => (await books.list(userId)).map(viewOf),

    find,

    async rename(userId: string, id: number, title: string): Promise<Audiobook> {
      if (!(await books.rename(userId, id, title))) throw bookNotFound();
      return find(userId, id);
    },

    /**
     * A book still being written has its creation job cancelled first (the job then finds its book gone
     * and ends); the words it used get their usage counts refreshed, so the dictionary's badge drops.
     */
    async delete(userId: string, id: number): Promise<{ id: number }> {
      const book = await books.find(userId, id);
      if (!book) throw bookNotFound();
      if (book.row.status === 'processing' && book.row.creationJobId) {
        await jobStarter.cancel(userId, book.row.creationJobId);
      }
      const usedWordIds = await wordUsage.wordIdsOf(userId, id);
      await books.delete(userId, id);
      await wordUsage.refreshUsageCounts(userId, usedWordIds);
      return { id };
    },

    async sentences(userId: string, id: number): Promise<Sentence[]> {
      if (!(await books.find(userId, id))) throw bookNotFound();
      return (await deps.sentenceAudio.listed(userId, await books.sentences(userId, id))).map(sentenceOf);
    },
  };
}
export type AudiobooksService = ReturnType<typeof createAudiobooksService>;
