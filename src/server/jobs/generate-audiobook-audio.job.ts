import {
  type GenerateMissingAudioResults,
  generateMissingAudioResultsSchema,
} from '../../shared/api/audiobook-jobs';
import { type AudiobookJobInput, audiobookInputSchema, JOB_KINDS } from '../../shared/api/jobs';
import type { AudiobookPlayerRepository } from '../modules/audiobooks/audiobook-player.repository';
import type { SentenceAudioService } from '../modules/audiobooks/audiobook-sentence-audio.service';
import type { AudiobooksRepository, SentenceClipSlot } from '../modules/audiobooks/audiobooks.repository';
import { jobData } from './job-data';
import type { JobDefinition } from './job-runtime';

/**
 * The audio-status dialog's "generate missing audio" (docs/product/audiobooks.md#audio-status): every clip
 * a sentence of the book lacks (both Spanish voices and the Russian one), made and kept as a play would make
 * it. One sentence per unit; a clip that cannot be made is counted and the job goes on.
 */

const inputSchema = audiobookInputSchema;
type Input = AudiobookJobInput;

/** Sentences made at once: each is up to three speech calls. */
const SENTENCES_AT_ONCE = 3;

export function createGenerateAudiobookAudioJob(deps: {
  books: Pick<AudiobooksRepository, 'sentences'>;
  player: Pick<AudiobookPlayerRepository, 'refreshClipCounts'>;
  sentenceAudio: SentenceAudioService;
}): JobDefinition<Input, GenerateMissingAudioResults, GenerateMissingAudioResults, number> {
  return {
    kind: JOB_KINDS.generateAudiobookAudio,
    input: jobData('missing audio input', inputSchema),
    checkpoint: jobData('missing audio checkpoint', generateMissingAudioResultsSchema),
    results: jobData('missing audio results', generateMissingAudioResultsSchema),
    async plan(context) {
      const { userId, input } = context;
      const sentences = await deps.books.sentences(userId, input.audiobookId);
      const missingOf = (sentence: (typeof sentences)[number]): SentenceClipSlot[] => [
        ...(sentence.audioData === null ? (['main'] as const) : []),
        ...(sentence.secondVoiceAudioData === null ? (['second'] as const) : []),
        ...(sentence.russianAudioData === null ? (['russian'] as const) : []),
      ];
      const lacking = sentences.filter((sentence) => missingOf(sentence).length > 0);
      const state: GenerateMissingAudioResults = context.checkpoint ?? {
        audiobookId: input.audiobookId,
        generatedCount: 0,
        failedCount: 0,
      };
      let done = sentences.length - lacking.length;
      const report = () =>
        context.reportProgress(
          { total: sentences.length, processed: done, failed: state.failedCount, stage: 'createAudio' },
          () => structuredClone(state),
        );
      await report();
      const byId = new Map(lacking.map((sentence) => [sentence.id, sentence]));
      return {
        units: lacking.map((sentence) => sentence.id),
        unitsAtOnce: SENTENCES_AT_ONCE,
        async step(sentenceId) {
          const sentence = byId.get(sentenceId);
          if (!sentence) return;
          for (const slot of missingOf(sentence)) {
            const answer = await deps.sentenceAudio.clip(
              userId,
              input.audiobookId,
              sentenceId,
              { voiceType: slot },
              { isBackground: true },
            );
            if (answer.success) state.generatedCount += 1;
            else state.failedCount += 1;
          }
          done += 1;
          await report();
        },
        async finish() {
          await deps.player.refreshClipCounts(userId, input.audiobookId);
          return state;
        },
      };
    },
  };
}
