import { z } from 'zod';
import type {
  AudioStatus,
  Position,
  RevoiceSummary,
  sentenceAllAudioResponseSchema,
  sentenceImageRequestSchema,
  sentenceImageResponseSchema,
} from '../../../shared/api/audiobook-player';
import type { Sentence } from '../../../shared/api/audiobooks';
import { JOB_KINDS } from '../../../shared/api/jobs';
import {
  drawableFormat,
  ownStyleName,
  resolveImageStyle,
  stylePrompt,
} from '../../../shared/catalogs/image-styles';
import { AppError } from '../../http/app-error';
import type { JobStarter } from '../../lib/job-starter';
import type { MediaStore } from '../../media/media-store';
import type { ImageProviderName } from '../../providers/images';
import type { ProviderSet } from '../../providers/provider-set';
import type { UserProviders } from '../providers/user-providers';
import type { SettingsService } from '../settings/settings.service';
import type { AudiobookMaintenanceService } from './audiobook-maintenance.service';
import type { AudiobookPlayerRepository } from './audiobook-player.repository';
import type { SentenceAudioService } from './audiobook-sentence-audio.service';
import type { AudiobooksRepository, SentenceRow } from './audiobooks.repository';
import { sentenceOf } from './audiobooks.service';
import type { ImageSeriesRepository } from './image-series.repository';
import { drawSentencePicture } from './sentence-picture';
import { seriesPicturePrompt, storedAnalysis } from './series-analysis';

type SentenceImageRequest = z.infer<typeof sentenceImageRequestSchema>;

/**
 * The style and provider a picture is redrawn with when nothing names them and no series shows
 * (docs/product/audiobooks.md#player): style 7 by Leonardo, or the learner's picture provider without a
 * Leonardo key.
 */
export const DEFAULT_REDRAW_STYLE = '7';
export const DEFAULT_REDRAW_PROVIDER: ImageProviderName = 'leonardo';

const bookNotFound = () => new AppError('audiobook_not_found', 404);

/** A named picture provider the learner has a key for; the built-in pictures need none. */
export function requirePictureProvider(providers: ProviderSet, provider: ImageProviderName) {
  if (providers.imagesFrom(provider)) return;
  throw new AppError(provider === 'leonardo' ? 'leonardo_key_missing' : 'openai_image_key_missing', 400);
}

const rewrittenSchema = z.object({ text: z.string().min(1).max(2000) });

/**
 * What the player does to a book besides reading it (docs/product/audiobooks.md#player): listens and
 * position, a sentence's clips, text and picture made again, the cover, and audio readiness.
 */
export function createAudiobookPlayerService(deps: {
  books: AudiobooksRepository;
  player: AudiobookPlayerRepository;
  series: ImageSeriesRepository;
  sentenceAudio: SentenceAudioService;
  userProviders: UserProviders;
  settingsService: SettingsService;
  mediaStore: MediaStore;
  jobStarter: Pick<JobStarter, 'start'>;
  /** Recomputes a book's words used and counts after a rewrite. */
  maintenance: Pick<AudiobookMaintenanceService, 'reVerifyBook'>;
  now?: () => Date;
}) {
  const { books, player } = deps;
  const now = deps.now ?? (() => new Date());

  async function bookOf(userId: string, id: number) {
    const book = await books.find(userId, id);
    if (!book) throw bookNotFound();
    return book.row;
  }

  async function sentenceIn(userId: string, id: number, sentenceId: number): Promise<SentenceRow> {
    const sentence = await books.findSentence(userId, id, sentenceId);
    if (!sentence) throw bookNotFound();
    return sentence;
  }

  async function rewrite(userId: string, system: string, prompt: string): Promise<string> {
    const { languageModel } = await deps.userProviders.forUser(userId);
    if (!languageModel) throw new AppError('sentence_language_model_missing', 400);
    const answer = await languageModel.completeJson({
      schemaName: 'sentence_rewrite',
      schema: rewrittenSchema,
      system,
      prompt,
      temperature: 0.5,
    });
    return answer.value.text.replaceAll('**', '').trim();
  }

  /** The sentences around one, so a rewrite stays in the story. */
  async function contextOf(userId: string, id: number, sentence: SentenceRow) {
    const all = await books.sentences(userId, id);
    const around = all.filter((other) => Math.abs(other.orderIndex - sentence.orderIndex) <= 2);
    return around.map((other) => `${other.orderIndex === sentence.orderIndex ? '>> ' : ''}${other.spanish}`);
  }

  /** A new text: its clips are gone, and the words it uses (and the book's counts) are checked again. */
  async function afterRewrite(userId: string, id: number) {
    await player.refreshClipCounts(userId, id);
    await deps.maintenance.reVerifyBook(userId, id);
  }

  return {
    async listens(userId: string, id: number, orderIndex: number, listenCount: number) {
      const saved = await player.raiseListenCount(userId, id, orderIndex, listenCount);
      if (!saved) throw bookNotFound();
      return { orderIndex, ...saved };
    },

    async position(userId: string, id: number): Promise<Position> {
      const row = await player.position(userId, id);
      if (!row) throw bookNotFound();
      return { position: Math.max(0, Math.min(row.position, row.sentenceCount - 1)) };
    },

    async savePosition(userId: string, id: number, position: number): Promise<Position> {
      const row = await player.savePosition(userId, id, position);
      if (!row) throw bookNotFound();
      return row;
    },

    /** `POST …/audio`: the sentence's three clips, each made where missing and kept. */
    async allAudio(
      userId: string,
      id: number,
      sentenceId: number,
    ): Promise<z.infer<typeof sentenceAllAudioResponseSchema>> {
      await sentenceIn(userId, id, sentenceId);
      const [main, second, russian] = await Promise.all(
        (['main', 'second', 'russian'] as const).map((voiceType) =>
          deps.sentenceAudio.clip(userId, id, sentenceId, { voiceType }),
        ),
      );
      await player.refreshClipCounts(userId, id);
      return {
        audio: main?.audio ?? null,
        secondVoiceAudio: second?.audio ?? null,
        russianAudio: russian?.audio ?? null,
        shouldRefreshCache: [main, second, russian].some((answer) => answer?.success && !answer.cached),
        timestamp: now().getTime(),
      };
    },

    /** The sentence's clips made again with today's voices and speed: all go, the first voice is made now. */
    async regenerateAudio(userId: string, id: number, sentenceId: number): Promise<Sentence> {
      await sentenceIn(userId, id, sentenceId);
      await player.clearClips(userId, sentenceId, ['main', 'second', 'russian']);
      const made = await deps.sentenceAudio.clip(userId, id, sentenceId, { voiceType: 'main' });
      await player.refreshClipCounts(userId, id);
      if (!made.success) throw new AppError('sentence_audio_failed', 502);
      return sentenceOf(await sentenceIn(userId, id, sentenceId));
    },

    async regenerateSpanish(userId: string, id: number, sentenceId: number): Promise<Sentence> {
      const book = await bookOf(userId, id);
      const sentence = await sentenceIn(userId, id, sentenceId);
      const spanish = await rewrite(
        userId,
        [
          'You edit graded Spanish stories for Russian-speaking learners.',
          `Rewrite the marked (>>) sentence in natural Spanish at CEFR level ${book.grammarLevel ?? 'B1'},`,
          'keeping its meaning (given in Russian), its place in the story and the vocabulary it uses.',
          'Answer with the new Spanish sentence alone in "text".',
        ].join(' '),
        JSON.stringify({ story: await contextOf(userId, id, sentence), russian: sentence.russian }),
      );
      const row = await player.setSentenceText(userId, sentenceId, { spanish });
      if (!row) throw bookNotFound();
      await afterRewrite(userId, id);
      return sentenceOf(row);
    },

    async regenerateRussian(userId: string, id: number, sentenceId: number): Promise<Sentence> {
      const sentence = await sentenceIn(userId, id, sentenceId);
      const russian = await rewrite(
        userId,
        [
          'Translate the marked (>>) Spanish sentence of this story into natural Russian for a learner.',
          'Answer with the Russian sentence alone in "text".',
        ].join(' '),
        JSON.stringify({ story: await contextOf(userId, id, sentence) }),
      );
      const row = await player.setSentenceText(userId, sentenceId, { russian });
      if (!row) throw bookNotFound();
      await afterRewrite(userId, id);
      return sentenceOf(row);
    },

    /**
     * The sentence's picture drawn again: into the series the book shows (with its style and provider), or
     * the book's own picture with the style and provider asked for, by default style 7 by Leonardo, or by
     * the learner's picture provider when they have no Leonardo key.
     */
    async redrawImage(
      userId: string,
      id: number,
      sentenceId: number,
      request: SentenceImageRequest,
    ): Promise<z.infer<typeof sentenceImageResponseSchema>> {
      const book = await bookOf(userId, id);
      const sentence = await sentenceIn(userId, id, sentenceId);
      const [providers, settings] = await Promise.all([
        deps.userProviders.forUser(userId),
        deps.settingsService.get(userId),
      ]);
      const isDefault = request.style === undefined && request.serviceProvider === undefined;
      const series =
        isDefault && book.selectedImageSeriesId !== null
          ? await deps.series.find(userId, id, book.selectedImageSeriesId)
          : undefined;
      const has = (name: ImageProviderName) => providers.imagesFrom(name) !== null;
      // A series keeps its own look; without its provider's key now, the built-in pictures stand in.
      const provider: ImageProviderName = series
        ? has(series.serviceProvider as ImageProviderName)
          ? (series.serviceProvider as ImageProviderName)
          : 'builtin'
        : (request.serviceProvider ??
          (has(DEFAULT_REDRAW_PROVIDER) ? DEFAULT_REDRAW_PROVIDER : providers.images.provider));
      requirePictureProvider(providers, provider);
      const styleReference = series?.imageStyle ?? request.style ?? DEFAULT_REDRAW_STYLE;
      const style = resolveImageStyle(styleReference);
      // A series' picture carries its analysis like the rest of the series (never a new model call here).
      const prompt = series
        ? seriesPicturePrompt(style, sentence, storedAnalysis(series))
        : stylePrompt(style, `${sentence.spanish} (${sentence.russian})`);
      const drawn = await drawSentencePicture(
        { providers, mediaStore: deps.mediaStore, userId },
        provider,
        sentence,
        style,
        drawableFormat(settings.imageFormat),
        prompt,
      );
      if (series) {
        await deps.series.putItem(userId, series.id, sentenceId, drawn.image, prompt);
      } else {
        await player.setSentenceImage(userId, id, sentenceId, drawn.image, style.key);
      }
      return {
        imageData: drawn.image,
        imageStyle: String(style.id),
        serviceProvider: drawn.provider,
        seriesId: series?.id ?? null,
        shouldRefreshCache: true,
        timestamp: now().getTime(),
      };
    },

    /** The picture the learner sees on a sentence (the shown series' one, else its own) becomes the cover. */
    async makeCover(userId: string, id: number, sentenceId: number) {
      const book = await bookOf(userId, id);
      const sentence = await sentenceIn(userId, id, sentenceId);
      const fromSeries =
        book.selectedImageSeriesId === null
          ? null
          : await deps.series.item(userId, book.selectedImageSeriesId, sentenceId);
      const image = fromSeries ?? sentence.imageData;
      if (!image) throw new AppError('sentence_image_missing', 400);
      await player.setCover(userId, id, image);
      return { coverImageData: image };
    },

    async audioStatus(userId: string, id: number): Promise<AudioStatus> {
      await bookOf(userId, id);
      const counts = await player.clipCounts(userId, id);
      const made = counts.main + counts.second + counts.russian;
      return {
        percentReady: counts.total === 0 ? 0 : Math.floor((made * 100) / (counts.total * 3)),
        mainAudioReady: counts.main,
        secondVoiceReady: counts.second,
        russianAudioReady: counts.russian,
        readyForPlayback: counts.main,
        totalSentences: counts.total,
      };
    },

    sentencesWithoutAudio: async (userId: string) => ({
      count: await player.sentencesWithoutAudio(userId),
    }),

    async generateMissingAudio(userId: string, id: number) {
      const book = await bookOf(userId, id);
      const jobId = await deps.jobStarter.start(
        userId,
        JOB_KINDS.generateAudiobookAudio,
        { audiobookId: id },
        book.sentenceCount,
      );
      return { jobId };
    },

    /**
     * The book's clips made with other settings than the learner's current ones
     * (docs/product/audiobooks.md#clips-and-the-learners-settings): what 'Переозвучить книгу' shows before
     * the learner confirms.
     */
    async revoiceSummary(userId: string, id: number): Promise<RevoiceSummary> {
      await bookOf(userId, id);
      const context = await deps.sentenceAudio.contextOf(userId);
      const stale = await deps.sentenceAudio.staleClips(userId, context, await books.sentences(userId, id));
      return deps.sentenceAudio.summaryOf(stale);
    },

    /** The learner confirmed: the re-voicing job makes those clips again, paid ones included. */
    async revoice(userId: string, id: number) {
      const book = await bookOf(userId, id);
      const jobId = await deps.jobStarter.start(
        userId,
        JOB_KINDS.revoiceAudiobook,
        { audiobookId: id },
        book.sentenceCount,
      );
      return { jobId };
    },

    /** The book's pictures by provider and style: its own ('original'), then each series'. */
    async imageStats(userId: string, id: number) {
      await bookOf(userId, id);
      const [originals, seriesList, counts] = await Promise.all([
        player.originalImageStyles(userId, id),
        deps.series.list(userId, id),
        deps.series.itemCounts(userId, id),
      ]);
      const nameOf = (reference: string | null) =>
        reference === null ? null : resolveImageStyle(reference).nameRu;
      return [
        ...originals.map((entry) => ({
          serviceProvider: 'original',
          imageStyle: entry.imageStyle ?? '',
          styleName: nameOf(entry.imageStyle),
          count: entry.count,
        })),
        ...seriesList.map((series) => ({
          serviceProvider: series.serviceProvider,
          imageStyle: series.imageStyle,
          styleName: ownStyleName(series.styleName) ?? nameOf(series.imageStyle),
          count: counts.find((entry) => entry.seriesId === series.id)?.count ?? 0,
        })),
      ];
    },
  };
}
export type AudiobookPlayerService = ReturnType<typeof createAudiobookPlayerService>;
