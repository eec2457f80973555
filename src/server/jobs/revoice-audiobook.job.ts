import { type RevoiceResults, revoiceResultsSchema } from '../../shared/api/audiobook-jobs';
import { type AudiobookJobInput, audiobookInputSchema, JOB_KINDS } from '../../shared/api/jobs';
import type { SentenceAudioService, StaleClip } from '../modules/audiobooks/audiobook-sentence-audio.service';
import type { AudiobooksRepository, SentenceRow } from '../modules/audiobooks/audiobooks.repository';
import { jobData } from './job-data';
import type { JobDefinition } from './job-runtime';

/**
 * 'Переозвучить книгу' (docs/product/audiobooks.md#clips-and-the-learners-settings): every clip of the book
 * made with other settings than the learner's current voices, speed and intonation is made again in them,
 * paid ones included, which only this job the learner confirmed does. One sentence per unit; a restart
 * judges the book again, so the clips done are not made twice; a clip that fails keeps its earlier one.
 */

const inputSchema = audiobookInputSchema;
type Input = AudiobookJobInput;

/** Sentences re-voiced at once: each is up to three speech calls. */
const SENTENCES_AT_ONCE = 3;

export function createRevoiceAudiobookJob(deps: {
  books: Pick<AudiobooksRepository, 'sentences'>;
  sentenceAudio: SentenceAudioService;
}): JobDefinition<Input, RevoiceResults, RevoiceResults, number> {
  return {
    kind: JOB_KINDS.revoiceAudiobook,
    input: jobData('re-voicing input', inputSchema),
    checkpoint: jobData('re-voicing checkpoint', revoiceResultsSchema),
    results: jobData('re-voicing results', revoiceResultsSchema),
    async plan(context) {
      const { userId, input } = context;
      const sentences = await deps.books.sentences(userId, input.audiobookId);
      // The settings the learner confirmed the count in: read once, so every clip is made in the same ones.
      const clipContext = await deps.sentenceAudio.contextOf(userId);
      const stale = await deps.sentenceAudio.staleClips(userId, clipContext, sentences);
      const state: RevoiceResults = context.checkpoint ?? {
        audiobookId: input.audiobookId,
        revoicedCount: 0,
        failedCount: 0,
      };
      // Sentences, as the units: a sentence with a clip that failed counts failed.
      let processed = 0;
      let failed = 0;
      const report = () =>
        context.reportProgress({ total: stale.length, processed, failed, stage: 'revoice' }, () =>
          structuredClone(state),
        );
      await report();
      const byId = new Map<number, { sentence: SentenceRow; stale: readonly StaleClip[] }>(
        stale.map((entry) => [entry.sentence.id, entry]),
      );
      return {
        units: stale.map((entry) => entry.sentence.id),
        unitsAtOnce: SENTENCES_AT_ONCE,
        async step(sentenceId) {
          const entry = byId.get(sentenceId);
          if (!entry) return;
          let isWhole = true;
          for (const clip of entry.stale) {
            const isMade = await deps.sentenceAudio.revoice(userId, clipContext, entry.sentence, clip);
            if (isMade) state.revoicedCount += 1;
            else state.failedCount += 1;
            isWhole &&= isMade;
          }
          if (isWhole) processed += 1;
          else failed += 1;
          await report();
        },
        finish: () => Promise.resolve(state),
      };
    },
  };
}
