import { describe, expect, it } from 'vitest';
import { type Settings, settingsDefaults } from '../../../src/shared/api/settings';
import type { UploadResults } from '../../../src/shared/api/uploads';
import type { JobContext } from '../../../src/server/jobs/job-runtime';
import { createUploadWordsJob } from '../../../src/server/jobs/upload-words.job';
import type { UploadEntry, UploadJobInput } from '../../../src/shared/api/jobs';
import { uploadResults } from '../../../src/server/jobs/upload-words.data';
import type { MediaStore } from '../../../src/server/media/media-store';
import type { SettingsService } from '../../../src/server/modules/settings/settings.service';
import type { SpeechService } from '../../../src/server/modules/speech/speech.service';
import type { UploadsRepository } from '../../../src/server/modules/uploads/uploads.repository';
import type { ImageGenerator } from '../../../src/server/providers/images';
import { isCircuitOpen, ProviderError } from '../../../src/server/providers/provider-error';
import type { ProviderSet } from '../../../src/server/providers/provider-set';

/**
 * docs/product/upload.md#results-report: a provider the upload stopped calling (its circuit open) is
 * reported once for the whole upload, not once per word; the words it failed before that are listed.
 */

const settings: Settings = {
  ...settingsDefaults,
  hasOpenaiApiKey: true,
  hasElevenlabsApiKey: false,
  hasLeonardoApiKey: false,
  openaiApiKeyHint: 'sk-…test',
  elevenlabsApiKeyHint: null,
  leonardoApiKeyHint: null,
  unreadableApiKeys: [],
};

const timedOut = () => new ProviderError('provider_unavailable', 'openai', 'no answer within 10000 ms');
const circuitOpen = () =>
  new ProviderError('provider_unavailable', 'openai', 'not called: it stopped answering', {
    isCircuitOpen: true,
  });

/** OpenAI times out for the first word, then its circuit is open; the built-in pictures draw. */
function failingOpenAi(): ProviderSet {
  let calls = 0;
  const failure = () => {
    calls += 1;
    return calls <= 1 ? timedOut() : circuitOpen();
  };
  const builtinImages: ImageGenerator = {
    provider: 'builtin',
    generate: () => Promise.resolve({ image: Buffer.from('picture'), mimeType: 'image/png' }),
  };
  return {
    languageModel: null,
    images: { provider: 'openai', generate: () => Promise.reject(failure()) },
    imagesFrom: (provider) => (provider === 'builtin' ? builtinImages : null),
    unreadableKeys: [],
    speech: {
      listVoices: () =>
        Promise.resolve({
          voices: [
            { voiceId: 'openai:nova', name: 'Nova', labels: {}, languages: ['es', 'ru'], provider: 'openai' },
          ],
          failures: [],
        }),
      resolve: (voiceId) => ({ voiceId, provider: 'openai', model: 'tts-1' }),
      synthesize: () => Promise.reject(circuitOpen()),
    },
  };
}

async function runUpload(entries: UploadEntry[]) {
  let nextId = 1;
  const queued: string[] = [];
  /** The job's own rows of the words it added, as the repository keeps them. */
  const added: Awaited<ReturnType<UploadsRepository['wordsOfJob']>>['words'] = [];
  const providers = failingOpenAi();
  const job = createUploadWordsJob({
    uploads: {
      findByDuplicateKeys: () => Promise.resolve([]),
      wordsOfJob: () => Promise.resolve({ words: added, total: added.length }),
      saveChunk: (_userId, chunk, checkpoint) => {
        const ids = new Map(chunk.map((word, index) => [word.duplicateKey, nextId + index]));
        nextId += chunk.length;
        for (const word of chunk) {
          const { spanish, russian, example, exampleTranslation, cefrLevel, partOfSpeech, duplicateKey } =
            word;
          const id = ids.get(duplicateKey) ?? 0;
          added.push({
            id,
            duplicateKey,
            spanish,
            russian,
            example,
            exampleTranslation,
            cefrLevel,
            partOfSpeech,
            filled: word.filled ?? [],
          });
        }
        // The repository writes the checkpoint in the transaction that saves the words.
        checkpoint.resultsAfter({ ids, existing: new Map(), overCap: new Set() });
        return Promise.resolve(ids);
      },
    } satisfies Pick<UploadsRepository, 'findByDuplicateKeys' | 'wordsOfJob' | 'saveChunk'>,
    userProviders: { forUser: () => Promise.resolve(providers) },
    settingsService: { get: () => Promise.resolve(settings) } as unknown as SettingsService,
    speechService: {
      speakWith: (_userId: string, set: ProviderSet) => set.speech.synthesize({} as never),
    } as unknown as SpeechService,
    mediaStore: { put: () => Promise.resolve(`/media/${'a'.repeat(64)}.png`) } as unknown as MediaStore,
    queueBuiltinClips: (userId) => {
      queued.push(userId);
      return Promise.resolve('clips-job-id');
    },
  });
  const context: JobContext<UploadJobInput, UploadResults> = {
    jobId: 'job-1',
    userId: 'user-1',
    ownerInstanceId: 'instance-1',
    input: {
      entries,
      rejected: [],
      enhanceWithAI: false,
      generateImages: true,
      imageStyle: null,
      import: null,
    },
    checkpoint: null,
    reportProgress: () => Promise.resolve(),
    encodeCheckpoint: (value) => uploadResults.write(value),
    shouldStop: () => Promise.resolve(false),
    stopWith: (error) => {
      throw error;
    },
    publish: () => Promise.resolve(),
  };
  const plan = await job.plan(context);
  // One unit at a time, in order, so the first word is the one that timed out.
  for (const unit of plan.units) await plan.step(unit);
  const results = await plan.finish({ isCancelled: false });
  return { results, queued };
}

describe('the upload report of a provider whose circuit opened', () => {
  it('names the provider once and lists only the words it failed before that', async () => {
    expect(isCircuitOpen(circuitOpen())).toBe(true);
    expect(isCircuitOpen(timedOut())).toBe(false);
    expect(isCircuitOpen(new Error('x'))).toBe(false);

    const entries = ['perro', 'gato', 'casa', 'mesa', 'silla'].map((spanish, index) => ({
      lineNumber: index + 1,
      spanish,
      russian: `слово${index}`,
    }));
    const { results, queued } = await runUpload(entries);

    expect(results.words).toHaveLength(5);
    expect(results.stoppedProviders).toEqual([{ provider: 'openai' }]);
    expect(results.fallbacks).toEqual([
      {
        lineNumber: 1,
        spanish: 'perro',
        stage: 'images',
        code: 'provider_unavailable',
        params: { provider: 'openai' },
      },
    ]);
    expect(results.errors).toEqual([]);
    // Every word was left without clips: the built-in clips job is queued for the learner, and the report
    // names it so the screen can follow it.
    expect(queued).toEqual(['user-1']);
    expect(results.builtinClipsJobId).toBe('clips-job-id');
  });

  it('reads an upload report stored before fallbacks were reported', () => {
    const stored = { v: 2, words: [], duplicates: [], errors: [] };
    expect(uploadResults.read(stored)).toEqual({
      words: [],
      duplicates: [],
      errors: [],
      fallbacks: [],
      stoppedProviders: [],
      builtinClipsJobId: null,
      moreWords: 0,
      moreDuplicates: 0,
      moreErrors: 0,
    });
    expect(uploadResults.version).toBe(5);
  });

  it('reads a report stored before duplicates named the existing word: no word to link to', () => {
    const duplicate = {
      spanish: 'la casa',
      newRussian: 'жилище',
      existingRussian: 'дом',
      isActive: true,
      reason: { code: 'upload_word_exists' },
    };
    const stored = {
      v: 3,
      words: [],
      duplicates: [duplicate],
      errors: [],
      fallbacks: [],
      stoppedProviders: [],
    };
    expect(uploadResults.read(stored).duplicates).toEqual([{ ...duplicate, existingWordId: null }]);
  });
});
