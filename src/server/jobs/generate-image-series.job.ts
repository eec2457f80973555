import { type ImageSeriesJobResults, imageSeriesJobResultsSchema } from '../../shared/api/audiobook-jobs';
import {
  type GenerateImageSeriesInput,
  generateImageSeriesInputSchema,
  JOB_KINDS,
} from '../../shared/api/jobs';
import { drawableFormat, resolveImageStyle } from '../../shared/catalogs/image-styles';
import { createLimiter } from '../lib/concurrency';
import type { MediaStore } from '../media/media-store';
import type { ProviderSet } from '../providers/provider-set';
import type { ImageSeriesRepository } from '../modules/audiobooks/image-series.repository';
import { drawSentencePicture } from '../modules/audiobooks/sentence-picture';
import {
  analyseSeries,
  type SeriesAnalysis,
  seriesPicturePrompt,
  storedAnalysis,
} from '../modules/audiobooks/series-analysis';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import { jobData } from './job-data';
import type { JobDefinition } from './job-runtime';

/**
 * An illustration series drawn (docs/product/audiobooks.md#illustration-series): the sentences the series
 * lacks, in batches of 5, each batch one unit of the runtime (so a restart resumes after the last whole
 * batch, and a cancel stops between batches). Its progress is the series' (the player follows this job, and
 * the book's job list reads it: docs/product/decisions.md#series-progress-is-the-jobs); a picture the
 * provider fails is drawn by the built-in pictures, and only one that
 * even they cannot draw counts as failed. Before its first picture a series is analysed once
 * (docs/product/audiobooks.md#consistent-pictures): the analysis is kept on the series, so a restart or a
 * fill-in reads it instead of asking again, and every picture prompt of the series carries it.
 */

export const IMAGE_BATCH_SIZE = 5;

const inputSchema = generateImageSeriesInputSchema;

const checkpointSchema = imageSeriesJobResultsSchema;

export function createGenerateImageSeriesJob(deps: {
  series: ImageSeriesRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
  mediaStore: MediaStore;
}): JobDefinition<GenerateImageSeriesInput, ImageSeriesJobResults, ImageSeriesJobResults, number[]> {
  /**
   * The series' analysis: the one it holds, else one call to the learner's language model, kept on the
   * series. None without a model, for the built-in pictures (an emoji reads no prompt), or when the model
   * fails or answers out of bounds: the series is then drawn as without a model, and the job goes on.
   */
  async function analysisOf(
    userId: string,
    input: GenerateImageSeriesInput,
    providers: ProviderSet,
  ): Promise<SeriesAnalysis | null> {
    const series = await deps.series.find(userId, input.audiobookId, input.seriesId);
    if (!series) return null;
    const kept = storedAnalysis(series);
    if (kept || !providers.languageModel || input.serviceProvider === 'builtin') return kept;
    const made = await analyseSeries(
      providers.languageModel,
      await deps.series.bookSentences(userId, input.audiobookId),
    );
    if (made) await deps.series.saveAnalysis(userId, input.seriesId, made);
    return made;
  }

  return {
    kind: JOB_KINDS.generateImageSeries,
    input: jobData('image series input', inputSchema),
    checkpoint: jobData('image series checkpoint', checkpointSchema),
    results: jobData('image series results', imageSeriesJobResultsSchema),
    async plan(context) {
      const { userId, input } = context;
      const [providers, settings, sentences, drawn] = await Promise.all([
        deps.userProviders.forUser(userId),
        deps.settingsService.get(userId),
        deps.series.illustratedSentences(userId, input.audiobookId, input.imageStep),
        deps.series.items(userId, input.seriesId),
      ]);
      const style = resolveImageStyle(input.imageStyle);
      const format = drawableFormat(settings.imageFormat);
      const hasPicture = new Set(drawn.map((item) => item.sentenceId));
      const missing = sentences.filter((sentence) => !hasPicture.has(sentence.id));
      const state: ImageSeriesJobResults = context.checkpoint ?? {
        audiobookId: input.audiobookId,
        seriesId: input.seriesId,
        processedImages: 0,
        failedImages: 0,
        totalImages: missing.length,
      };
      const byId = new Map(missing.map((sentence) => [sentence.id, sentence]));
      const batches: number[][] = [];
      for (let at = 0; at < missing.length; at += IMAGE_BATCH_SIZE) {
        batches.push(missing.slice(at, at + IMAGE_BATCH_SIZE).map((sentence) => sentence.id));
      }
      const report = async () => {
        await context.reportProgress(
          {
            total: state.totalImages,
            processed: state.processedImages,
            failed: state.failedImages,
            stage: 'generateImages',
          },
          () => structuredClone(state),
        );
      };
      await deps.series.setStatus(userId, input.seriesId, 'generating');
      await report();
      // Read while the series already shows as drawing: the model may take a while.
      const analysis = missing.length > 0 ? await analysisOf(userId, input, providers) : null;
      // The provider's own bound: one batch's pictures are asked for together.
      const limit = createLimiter(IMAGE_BATCH_SIZE);
      return {
        units: batches,
        unitsAtOnce: 1,
        async step(batch) {
          await Promise.all(
            batch.map((sentenceId) =>
              limit(async () => {
                const sentence = byId.get(sentenceId);
                if (!sentence) return;
                try {
                  const prompt = seriesPicturePrompt(style, sentence, analysis);
                  const { image } = await drawSentencePicture(
                    { providers, mediaStore: deps.mediaStore, userId },
                    input.serviceProvider,
                    sentence,
                    style,
                    format,
                    prompt,
                  );
                  await deps.series.putItem(userId, input.seriesId, sentence.id, image, prompt);
                } catch {
                  state.failedImages += 1;
                }
                state.processedImages += 1;
              }),
            ),
          );
          await report();
        },
        async finish() {
          const isAllFailed = state.totalImages > 0 && state.failedImages === state.totalImages;
          await deps.series.setStatus(userId, input.seriesId, isAllFailed ? 'failed' : 'completed');
          return state;
        },
      };
    },
  };
}
