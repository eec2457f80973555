import { z } from 'zod';
import { type BuiltinClipsResults, builtinClipsResultsSchema, JOB_KINDS } from '../../shared/api/jobs';
import { cardSpokenTexts } from '../../shared/text/spoken-text';
import {
  CARD_AUDIO_SLOTS,
  type CardAudioSlot,
  cardVoices,
  speakCard,
} from '../modules/enrichment/card-audio.step';
import type { LearnRepository } from '../modules/learn/learn.repository';
import type { ProviderPauses } from '../modules/providers/provider-pauses';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import { jobData, noJobInput } from './job-data';
import type { JobDefinition } from './job-runtime';

/** Cards the plan reads by one query. */
const CARDS_PER_PAGE = 1_000;

export const BUILTIN_CLIPS_JOB = JOB_KINDS.builtinClips;
/**
 * Low priority (docs/product/upload.md#built-in-clips-on-demand): one word at a time (its three clips
 * side by side) keeps the speech workers busy while a Learn card's own request waits behind a few clips
 * at most; one job at a time in this process, so learners' jobs take turns rather than crowd the workers.
 */
const WORDS_AT_ONCE = 1;
const JOBS_AT_ONCE = 1;

const checkpointSchema = builtinClipsResultsSchema.extend({ doneWordIds: z.array(z.number().int()) });
type BuiltinClipsCheckpoint = z.infer<typeof checkpointSchema>;
const resultsData = jobData('built-in clips results', builtinClipsResultsSchema);
const checkpointData = jobData('built-in clips checkpoint', checkpointSchema);

type Card = NonNullable<Awaited<ReturnType<LearnRepository['findCard']>>>;

/** The slots the card lacks and can have: no Russian clip without Russian text. */
function slotsToMake(card: Card): CardAudioSlot[] {
  const hasRussianText = cardSpokenTexts(card).russian !== '';
  return CARD_AUDIO_SLOTS.filter((slot) => !card[slot] && (slot !== 'russianAudioData' || hasRussianText));
}

/**
 * The learner's missing card clips, made in the background after an upload (docs/product/upload.md#built-in-clips-on-demand):
 * every word that lacks a clip gets it in the learner's voice, by the built-in voice of the language when
 * that voice's provider fails (docs/product/providers.md#fallback); a provider that failed the learner
 * lately (in this run, the upload or Learn) is not asked until its pause is over. Words that have their clips (made meanwhile by Learn) are skipped, and the
 * words done are checkpointed, so a restart does not redo them.
 */
export function createBuiltinClipsJob(deps: {
  learn: Pick<LearnRepository, 'listCardsMissingClips' | 'findCard' | 'fillMissingClips'>;
  speechService: SpeechService;
  settingsService: SettingsService;
  userProviders: UserProviders;
  /** Providers that failed this learner lately (the upload's, Learn's): asked again only after a while. */
  providerPauses: ProviderPauses;
  log?: { warn(object: object, message: string): void };
}): JobDefinition<object, BuiltinClipsCheckpoint, BuiltinClipsResults, number> {
  return {
    kind: BUILTIN_CLIPS_JOB,
    concurrency: JOBS_AT_ONCE,
    input: noJobInput,
    checkpoint: checkpointData,
    results: resultsData,
    async plan(context) {
      const { userId } = context;
      const [settings, providers] = await Promise.all([
        deps.settingsService.get(userId),
        deps.userProviders.forUser(userId),
      ]);
      const voices = await cardVoices(providers, settings.spanishVoices, settings.russianVoice);
      const { doneWordIds, ...results }: BuiltinClipsCheckpoint = context.checkpoint ?? {
        words: 0,
        clips: 0,
        failed: 0,
        doneWordIds: [],
      };
      const done = new Set(doneWordIds);
      // The words to voice, by id: a page of cards at a time is read and let go, so an import of 20,000
      // words neither holds the event loop while they are read nor keeps their texts for the job's hours.
      const wordIds: number[] = [];
      for (let afterId = 0; ;) {
        const page = await deps.learn.listCardsMissingClips(userId, { afterId, limit: CARDS_PER_PAGE });
        for (const card of page) {
          if (!done.has(card.id) && slotsToMake(card).length > 0) wordIds.push(card.id);
        }
        if (page.length < CARDS_PER_PAGE) break;
        afterId = page[page.length - 1]?.id ?? afterId;
      }
      const failedProviders = deps.providerPauses.of(userId);
      const total = done.size + wordIds.length;
      const report = (currentWord: string | null) =>
        context.reportProgress(
          {
            total,
            processed: done.size - results.failed,
            failed: results.failed,
            stage: 'audio',
            currentWord,
          },
          () => ({ ...results, doneWordIds: [...done] }),
        );
      await report(null);

      return {
        units: wordIds,
        unitsAtOnce: WORDS_AT_ONCE,
        async step(wordId) {
          // Read again now: the word may be gone, or Learn may have made its clips meanwhile.
          const card = await deps.learn.findCard(userId, wordId);
          const slots = card ? slotsToMake(card) : [];
          if (!card || slots.length === 0) {
            done.add(wordId);
            await report(null);
            return;
          }
          let failures = 0;
          const clips = await speakCard(
            {
              speechService: deps.speechService,
              userId,
              providers,
              voices,
              settings,
              isBackground: true,
              onError: (error) => {
                failures += 1;
                deps.log?.warn({ err: error, wordId: card.id }, 'clip not made by the built-in clips job');
              },
            },
            card,
            { wordId: card.id, slots, fallback: { failedProviders } },
          );
          const made = Object.fromEntries(
            slots.flatMap((slot) => (clips[slot] ? [[slot, clips[slot]]] : [])),
          );
          const madeCount = Object.keys(made).length;
          // The word may be gone meanwhile; its clips are then simply not kept.
          if (madeCount > 0) await deps.learn.fillMissingClips(userId, card.id, made);
          results.clips += madeCount;
          if (madeCount === slots.length) results.words += 1;
          else if (failures > 0) results.failed += 1;
          done.add(card.id);
          await report(card.spanish);
        },
        async finish() {
          await report(null);
          return results;
        },
      };
    },
  };
}
