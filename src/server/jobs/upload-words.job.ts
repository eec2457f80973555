import { UPLOAD_STAGES, type UploadResults, type UploadStage } from '../../shared/api/uploads';
import { drawableFormat, resolveImageStyle } from '../../shared/catalogs/image-styles';
import { duplicateKeyOf } from '../../shared/text/duplicate-key';
import { createLimiter, type Limiter } from '../lib/concurrency';
import type { MediaStore } from '../media/media-store';
import type { JobContext, JobDefinition } from '../modules/jobs/jobs.service';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import type { NewWord, UploadsRepository } from '../modules/uploads/uploads.repository';
import { analyseWords, type LocalAnalysis, localAnalysis } from '../modules/uploads/word-analysis';
import { cardVoices, drawWordPicture, failureMessageOf, speakCard } from '../modules/uploads/word-enrichment';

export const UPLOAD_WORDS_JOB = 'upload-words';
/** DESIGN §4: up to 20 words per language-model request. */
export const UPLOAD_CHUNK_SIZE = 20;
/** Chunks in flight at once: analysis of the next overlaps pictures and audio of the previous ones. */
const CHUNKS_IN_FLIGHT = 6;
const DUPLICATE_REASON = 'Слово уже существует в словаре';
const REPEATED_REASON = 'Слово повторяется в загрузке';

export interface UploadEntry {
  lineNumber: number;
  spanish: string;
  russian: string | null;
}

export interface UploadJobInput {
  entries: UploadEntry[];
  /** Lines that could not be read, reported as errors with their line numbers. */
  rejected: Array<{ lineNumber: number; raw: string; reason: string }>;
  enhanceWithAI: boolean;
  generateImages: boolean;
  imageStyle: string | null;
}

/**
 * Per-provider bounds of one upload. A provider's rate limit is per account, and each learner brings
 * their own, so each upload gets its own share. Speech is the widest, as each word needs three clips.
 */
export const UPLOAD_PROVIDER_LIMITS = { languageModel: 4, images: 12, speech: 32 } as const;
/** Uploads of different learners run side by side; one long list never queues everyone else's. */
const UPLOADS_AT_ONCE = 4;

type Counters = Record<UploadStage, { completed: number; total: number }>;

interface Prepared extends UploadEntry {
  duplicateKey: string;
}

export function createUploadWordsJob(deps: {
  uploads: UploadsRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
  speechService: SpeechService;
  mediaStore: MediaStore;
}): JobDefinition<UploadJobInput> {
  return {
    kind: UPLOAD_WORDS_JOB,
    concurrency: UPLOADS_AT_ONCE,
    async run(context: JobContext<UploadJobInput>) {
      const { userId, input } = context;
      const limiters: Record<keyof typeof UPLOAD_PROVIDER_LIMITS, Limiter> = {
        languageModel: createLimiter(UPLOAD_PROVIDER_LIMITS.languageModel),
        images: createLimiter(UPLOAD_PROVIDER_LIMITS.images),
        speech: createLimiter(UPLOAD_PROVIDER_LIMITS.speech),
      };
      const settings = await deps.settingsService.get(userId);
      const providers = await deps.userProviders.forUser(userId);
      const languageModel = input.enhanceWithAI ? providers.languageModel : null;
      const voices = await cardVoices(providers, settings.spanishVoices, settings.russianVoice);

      // What an interrupted earlier run already saved: those words are done, not duplicates.
      const checkpoint = (context.checkpoint as UploadResults | null) ?? null;
      const results: UploadResults = checkpoint ?? { words: [], duplicates: [], errors: [] };
      const savedKeys = new Set(results.words.map((word) => duplicateKeyOf(word.spanish)));
      if (!checkpoint) {
        for (const line of input.rejected) {
          results.errors.push({
            lineNumber: line.lineNumber,
            spanish: null,
            stage: 'duplicates',
            message: line.reason,
          });
        }
      }

      // Stage 1: duplicates against the dictionary and inside the upload (D8).
      const prepared: Prepared[] = input.entries.map((entry) => ({
        ...entry,
        duplicateKey: duplicateKeyOf(entry.spanish),
      }));
      const existing = new Map(
        (
          await deps.uploads.findByDuplicateKeys(userId, [
            ...new Set(prepared.map((entry) => entry.duplicateKey)),
          ])
        ).map((row) => [row.duplicateKey, row]),
      );
      const fresh: Prepared[] = [];
      /** Earlier lines of this upload, by duplicate key, with their translation for the report. */
      const seen = new Map<string, string | null>();
      for (const entry of prepared) {
        if (savedKeys.has(entry.duplicateKey)) continue;
        const known = existing.get(entry.duplicateKey);
        if (known || seen.has(entry.duplicateKey)) {
          if (!checkpoint) {
            results.duplicates.push({
              spanish: entry.spanish,
              newRussian: entry.russian,
              existingRussian: known?.russian ?? seen.get(entry.duplicateKey) ?? null,
              isActive: known?.isActive ?? true,
              reason: known ? DUPLICATE_REASON : REPEATED_REASON,
            });
          }
          continue;
        }
        seen.set(entry.duplicateKey, entry.russian);
        fresh.push(entry);
      }

      const counters = Object.fromEntries(
        UPLOAD_STAGES.map((stage) => [stage, { completed: 0, total: fresh.length }]),
      ) as Counters;
      counters.duplicates = { completed: prepared.length, total: prepared.length };
      counters.translation.total = fresh.filter((entry) => !entry.russian).length;
      if (!input.generateImages) counters.images.total = 0;
      const total = input.entries.length + input.rejected.length;
      let processed = total - fresh.length - (checkpoint ? 0 : input.rejected.length);
      let failed = checkpoint ? 0 : input.rejected.length;

      const report = async (stage: UploadStage, currentWord: string | null) =>
        context.reportProgress({
          total,
          processed,
          failed,
          stage,
          currentWord,
          stages: UPLOAD_STAGES.map((name) => ({ name, ...counters[name] })),
        });
      const fail = (entry: UploadEntry, stage: UploadStage, message: string) => {
        results.errors.push({ lineNumber: entry.lineNumber, spanish: entry.spanish, stage, message });
      };
      await report('duplicates', null);

      const chunks: Prepared[][] = [];
      for (let start = 0; start < fresh.length; start += UPLOAD_CHUNK_SIZE)
        chunks.push(fresh.slice(start, start + UPLOAD_CHUNK_SIZE));

      const shouldStop = async () => context.isInterrupted() || (await context.isCancelled());

      const processChunk = async (chunk: Prepared[]) => {
        // Stages 2–5: translation, analysis, example phrases, CEFR level and tags — one request per chunk.
        const analyses = await analyseWords(
          chunk,
          languageModel,
          settings.vocabularyLevel,
          limiters.languageModel,
          (entry, message) => {
            fail(entry, 'analysis', message);
          },
        );
        const ready: Array<{ entry: Prepared; analysis: LocalAnalysis }> = [];
        for (const entry of chunk) {
          const analysis = analyses.get(entry);
          if (!entry.russian && !analysis?.russian) {
            fail(
              entry,
              'translation',
              languageModel
                ? 'Не удалось перевести слово'
                : 'Нет перевода: добавьте ключ OpenAI или перевод через « / »',
            );
            failed += 1;
            continue;
          }
          if (!entry.russian) counters.translation.completed += 1;
          ready.push({ entry, analysis: analysis ?? localAnalysis(entry) });
        }
        counters.analysis.completed += ready.length;
        counters.examples.completed += ready.filter(({ analysis }) => analysis.example).length;
        counters.tags.completed += ready.length;
        await report('analysis', chunk.at(-1)?.spanish ?? null);
        if (await shouldStop()) return;

        // Stages 6–9: pictures, themes, audio, pronunciation; each word on its own, bounded per provider.
        const words = await Promise.all(ready.map(({ entry, analysis }) => enrichWord(entry, analysis)));
        counters.themes.completed += ready.length;
        counters.pronunciation.completed += ready.length;

        // Stage 10: saving, in one transaction per chunk, with the checkpoint that records it.
        let saved: UploadResults['words'] = [];
        await deps.uploads.saveChunk(userId, words, {
          jobId: context.jobId,
          resultsAfter: (ids) => {
            saved = words.flatMap((word) => {
              const id = ids.get(word.duplicateKey);
              return id === undefined
                ? []
                : [
                    {
                      id,
                      spanish: word.spanish,
                      russian: word.russian,
                      example: word.example,
                      exampleTranslation: word.exampleTranslation,
                      cefrLevel: word.cefrLevel,
                      partOfSpeech: word.partOfSpeech,
                    },
                  ];
            });
            return { ...results, words: [...results.words, ...saved] };
          },
        });
        results.words.push(...saved);
        counters.saving.completed += words.length;
        processed += words.length;
        await report('saving', words.at(-1)?.spanish ?? null);
      };

      const enrichWord = async (entry: Prepared, analysis: LocalAnalysis): Promise<NewWord> => {
        const spanish = analysis.spanishWithArticle || entry.spanish;
        const russian = entry.russian ?? analysis.russian ?? '';
        const style = resolveImageStyle(input.imageStyle ?? settings.defaultImageStyle);
        const format = drawableFormat(settings.imageFormat);
        // The picture and the three clips are independent: they are asked for at the same time.
        const picture = async (): Promise<string | null> => {
          if (!input.generateImages) return null;
          try {
            const path = await drawWordPicture(
              { providers, mediaStore: deps.mediaStore, userId, limiter: limiters.images },
              { spanish, russian },
              style,
              format,
            );
            counters.images.completed += 1;
            return path;
          } catch (error) {
            fail(entry, 'images', failureMessageOf(error));
            return null;
          }
        };

        // Stage 8: the card's default text in the three voices (DESIGN §4).
        const [imageUrl, { audioData, russianAudioData, secondVoiceAudioData }] = await Promise.all([
          picture(),
          speakCard(
            {
              speechService: deps.speechService,
              userId,
              providers,
              voices,
              settings,
              limiter: limiters.speech,
              onError: (error) => fail(entry, 'audio', failureMessageOf(error)),
            },
            {
              spanish,
              russian,
              example: analysis.example,
              exampleTranslation: analysis.exampleTranslation,
            },
          ),
        ]);
        if (audioData || russianAudioData || secondVoiceAudioData) counters.audio.completed += 1;
        await report('audio', entry.spanish);

        return {
          spanish,
          russian,
          duplicateKey: entry.duplicateKey,
          example: analysis.example,
          exampleTranslation: analysis.exampleTranslation,
          highlightedSpanishWord: analysis.highlightedSpanishWord,
          highlightedRussianWord: analysis.highlightedRussianWord,
          partOfSpeech: analysis.partOfSpeech,
          cefrLevel: analysis.cefrLevel,
          themeCategory: analysis.theme,
          imageUrl,
          imageStyle: imageUrl ? style.key : null,
          imageStyleId: imageUrl ? style.id : null,
          imageFormat: imageUrl ? format : null,
          audioData,
          russianAudioData,
          secondVoiceAudioData,
        };
      };

      let next = 0;
      const worker = async () => {
        while (next < chunks.length) {
          if (await shouldStop()) return;
          const chunk = chunks[next];
          next += 1;
          if (chunk) await processChunk(chunk);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CHUNKS_IN_FLIGHT, chunks.length) }, worker));
      await report('saving', null);
      return results;
    },
  };
}
