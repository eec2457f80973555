import type { CreateAudiobookRequest } from '../../../shared/api/audiobooks';
import { JOB_KINDS } from '../../../shared/api/jobs';
import { CREATION_STEPS } from '../../../shared/api/audiobook-jobs';
import { AppError } from '../../http/app-error';
import type { JobStarter } from '../../lib/job-starter';
import type { CreateAudiobookInput } from '../../../shared/api/jobs';
import type { UserProviders } from '../providers/user-providers';
import type { AudiobookCreationRepository } from './audiobook-creation.repository';
import type { AudiobooksService } from './audiobooks.service';

/** The title a book has until the model names it: the spec's 'Аудиокнига' (the client sends it with genres). */
const WORKING_TITLE = 'Аудиокнига';
const DEFAULT_IMAGE_STEP = 3;

/**
 * `POST /api/audiobooks` (docs/product/audiobooks.md#creation): checks what a story needs (a language
 * model, the learner's genres, words), stores the book as processing and starts its job; answers at once.
 */
export function createAudiobookCreationService(deps: {
  creation: AudiobookCreationRepository;
  books: Pick<AudiobooksService, 'find'>;
  userProviders: UserProviders;
  jobStarter: Pick<JobStarter, 'start'>;
}) {
  const { creation } = deps;
  return {
    async create(userId: string, request: CreateAudiobookRequest) {
      const providers = await deps.userProviders.forUser(userId);
      if (!providers.languageModel) throw new AppError('audiobook_language_model_missing', 400);
      const genreIds = [...new Set(request.genreIds)];
      const genres = await creation.findGenres(userId, genreIds);
      if (genres.length !== genreIds.length) throw new AppError('genre_not_found', 404);
      if (!(await creation.hasWords(userId))) throw new AppError('audiobook_no_words', 400);

      // In the order the learner picked them: the first names the book's genre.
      const genreNames = genreIds.flatMap((id) =>
        genres.filter((genre) => genre.id === id).map((genre) => genre.name),
      );
      const imageStep = request.imageStep ?? DEFAULT_IMAGE_STEP;
      const book = await creation.insertBook(userId, {
        title: request.title ?? WORKING_TITLE,
        genreNames,
        genreIds,
        grammarLevel: request.grammarLevel,
        targetWordCount: request.targetWordCount,
        imageStep,
      });
      const input: CreateAudiobookInput = {
        audiobookId: book.id,
        genres: genreNames,
        grammarLevel: request.grammarLevel,
        targetWordCount: request.targetWordCount,
        imageStep,
        imageStyle: request.imageStyle ?? null,
      };
      let jobId: string;
      try {
        jobId = await deps.jobStarter.start(userId, JOB_KINDS.createAudiobook, input, CREATION_STEPS.length);
      } catch (error) {
        await creation.markFailed(userId, book.id, { code: 'unknown' });
        throw error;
      }
      await creation.setCreationJob(userId, book.id, jobId);
      return { audiobook: await deps.books.find(userId, book.id), jobId };
    },
  };
}
export type AudiobookCreationService = ReturnType<typeof createAudiobookCreationService>;
