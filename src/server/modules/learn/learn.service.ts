import type { z } from 'zod';
import { MAX_STUDY_MS } from '../progress/study-activity.repository';
import type { CardAudio } from '../../../shared/api/learn';
import type { generateAudioRequestSchema } from '../../../shared/api/providers';
import { AppError, notFound } from '../../http/app-error';
import type { SettingsService } from '../settings/settings.service';
import type { SpeechService } from '../speech/speech.service';
import {
  createProviderPauses,
  type PausedProviders,
  type ProviderPauses,
} from '../providers/provider-pauses';
import type { UserProviders } from '../providers/user-providers';
import { isProviderError } from '../../providers/provider-error';
import {
  builtinVoiceFor,
  CARD_AUDIO_SLOTS,
  type CardAudioSlot,
  cardVoices,
  speakCard,
} from '../enrichment/card-audio.step';
import type { WordsService } from '../words/words.service';
import type { LearnRepository } from './learn.repository';
import { localDay, startOfLocalDay } from '../../../shared/calendar/learner-day';

type GenerateAudioRequest = z.output<typeof generateAudioRequestSchema>;
type VoiceType = NonNullable<GenerateAudioRequest['voiceType']>;
type Card = NonNullable<Awaited<ReturnType<LearnRepository['findCard']>>>;

/** A play within this long of the session's last one belongs to it; a longer pause starts a new session. */
const SESSION_GAP_MS = 30 * 60 * 1000;
/**
 * docs/product/progress.md#study-time: the time between two played-through cards is listening time up to
 * this long; a card with three voices and the longest play-all pause takes well under it.
 */
export const MAX_STUDY_GAP_MS = MAX_STUDY_MS;

/** The player's voice names for the card's clip columns. */
const SLOT_OF_VOICE_TYPE: Readonly<Record<VoiceType, CardAudioSlot>> = {
  spanish1: 'audioData',
  russian: 'russianAudioData',
  spanish2: 'secondVoiceAudioData',
};

const missingWord = () => notFound('word_not_found');
const clipsOf = (card: CardAudio): CardAudio => ({
  audioData: card.audioData,
  russianAudioData: card.russianAudioData,
  secondVoiceAudioData: card.secondVoiceAudioData,
});
const NO_CLIPS: CardAudio = { audioData: null, russianAudioData: null, secondVoiceAudioData: null };
const missingSlots = (card: CardAudio) => CARD_AUDIO_SLOTS.filter((slot) => !card[slot]);
/** Only the clips that were made, so storing them leaves the others as they are. */
const madeOnly = (clips: CardAudio): Partial<CardAudio> =>
  Object.fromEntries(CARD_AUDIO_SLOTS.filter((slot) => clips[slot]).map((slot) => [slot, clips[slot]]));

/** Reports a clip that could not be made; the card still plays with the others. */
export type ClipFailureHandler = (error: unknown) => void;

/**
 * The Learn screen (docs/product/learn.md#play-all, docs/product/learn.md#audio-loading,
 * docs/product/learn.md#spaced-repetition).
 */
export function createLearnService(deps: {
  learn: LearnRepository;
  wordsService: WordsService;
  settingsService: SettingsService;
  userProviders: UserProviders;
  speechService: SpeechService;
  providerPauses?: ProviderPauses;
  now?: () => Date;
}) {
  const { learn } = deps;
  const now = deps.now ?? (() => new Date());
  // A provider that failed this learner lately is passed over for the built-in voice for a while
  // (docs/product/providers.md#fallback): the next cards of a Learn session do not each wait for it.
  const providerPauses = deps.providerPauses ?? createProviderPauses(now);

  async function findCard(userId: string, wordId: number): Promise<Card> {
    const card = await learn.findCard(userId, wordId);
    if (!card) throw missingWord();
    return card;
  }

  /**
   * The card's clips in these slots, in the learner's card voices, through the audio cache (D9). A clip
   * in `fallbackSlots` whose provider fails is spoken by the built-in voice of its language instead
   * (docs/product/providers.md#fallback), so the card is never silent for a failing key.
   */
  async function speakSlots(
    userId: string,
    card: Card,
    slots: readonly CardAudioSlot[],
    options: {
      isForced: boolean;
      onClipFailure: ClipFailureHandler;
      fallbackSlots: readonly CardAudioSlot[];
      pausedProviders?: PausedProviders;
    },
  ): Promise<CardAudio> {
    const [settings, providers] = await Promise.all([
      deps.settingsService.get(userId),
      deps.userProviders.forUser(userId),
    ]);
    const voices = await cardVoices(providers, settings.spanishVoices, settings.russianVoice);
    return speakCard(
      {
        speechService: deps.speechService,
        userId,
        providers,
        voices,
        settings,
        onError: options.onClipFailure,
      },
      card,
      {
        wordId: card.id,
        isForced: options.isForced,
        slots,
        fallback: { slots: options.fallbackSlots, failedProviders: options.pausedProviders },
      },
    );
  }

  return {
    /**
     * A card was played through: the new listen count is stored, a hidden word's play is counted
     * (docs/product/learn.md#spaced-repetition), and the play is study activity for the progress panel.
     */
    async recordListen(userId: string, wordId: number, listenCount: number) {
      const at = now();
      const timeZone = await deps.settingsService.timeZoneOf(userId);
      // A session counts on the learner's day it started (docs/product/progress.md#learner-day), so it
      // never runs past their midnight: a play after it opens the new day's session.
      const sessionOpenSince = new Date(
        Math.max(at.getTime() - SESSION_GAP_MS, startOfLocalDay(at, timeZone).getTime()),
      );
      const counters = await learn.recordPlay(userId, wordId, {
        listenCount,
        at,
        day: localDay(at, timeZone),
        sessionOpenSince,
        maxStudyGapMs: MAX_STUDY_GAP_MS,
      });
      if (!counters) throw missingWord();
      return { success: true as const, ...counters };
    },

    /**
     * The card's clips; one it lacks is made now (docs/product/learn.md#audio-loading) and kept on the
     * word, by the built-in voice when the learner's fails; one that fails even so stays null.
     */
    async audio(userId: string, wordId: number, onClipFailure: ClipFailureHandler): Promise<CardAudio> {
      const card = await findCard(userId, wordId);
      const missing = missingSlots(card);
      if (missing.length === 0) return clipsOf(card);
      const made = madeOnly(
        await speakSlots(userId, card, missing, {
          isForced: false,
          onClipFailure,
          fallbackSlots: missing,
          pausedProviders: providerPauses.of(userId),
        }),
      );
      if (Object.keys(made).length === 0) return clipsOf(card);
      const stored = await learn.fillMissingClips(userId, wordId, made);
      if (!stored) throw missingWord();
      return stored;
    },

    async image(userId: string, wordId: number) {
      const card = await findCard(userId, wordId);
      return { imageUrl: card.imageUrl || null };
    },

    /**
     * Forced: the three clips anew, replacing their cache entries; a slot that fails keeps its old clip,
     * and when none could be made the word's clips are cleared, for the player to make on demand.
     * Otherwise only the missing clips are made; with none missing there is nothing to do. A slot the
     * word has no clip for falls back to the built-in voice when the learner's fails; one with a clip
     * keeps it rather than trade it for the built-in voice.
     */
    async regenerateAudio(
      userId: string,
      wordId: number,
      forceRegenerate: boolean,
      onClipFailure: ClipFailureHandler,
    ): Promise<CardAudio & { audioGenerated: boolean }> {
      const card = await findCard(userId, wordId);
      const slots = forceRegenerate ? CARD_AUDIO_SLOTS : missingSlots(card);
      if (slots.length === 0) return { ...clipsOf(card), audioGenerated: true };
      const made = madeOnly(
        await speakSlots(userId, card, slots, {
          isForced: forceRegenerate,
          onClipFailure,
          fallbackSlots: missingSlots(card),
        }),
      );
      const audioGenerated = Object.keys(made).length > 0;
      // Without force the slots tried were empty already; the clips the word has (perhaps imported
      // ones no cache holds) are not thrown away for their siblings' failure.
      if (!audioGenerated && !forceRegenerate) return { ...clipsOf(card), audioGenerated };
      const stored = !audioGenerated
        ? await learn.setClips(userId, wordId, NO_CLIPS)
        : forceRegenerate
          ? await learn.setClips(userId, wordId, made)
          : await learn.fillMissingClips(userId, wordId, made);
      if (!stored) throw missingWord();
      return { ...stored, audioGenerated };
    },

    /**
     * A due word was played through: the next step once a day, the learner's day
     * (docs/product/progress.md#learner-day); past the last interval of the learner's settings the word
     * leaves the scheme.
     */
    async completeSpacedRepetition(userId: string, wordId: number) {
      const answer = (state: {
        spacedRepetitionDay: number;
        isSpacedRepetitionActive: boolean;
        lastSpacedRepetitionAt: Date | null;
      }) => ({
        success: true as const,
        spacedRepetitionDay: state.spacedRepetitionDay,
        isSpacedRepetitionActive: state.isSpacedRepetitionActive,
        lastSpacedRepetitionAt: state.lastSpacedRepetitionAt?.toISOString() ?? null,
      });
      const { spacedRepetitionIntervals: intervals, timeZone } = await deps.settingsService.get(userId);
      // A completion that loses a race reads the word again and finds it reviewed today.
      for (let attempt = 0; ; attempt += 1) {
        const word = await learn.findSpacedRepetition(userId, wordId);
        if (!word) throw missingWord();
        if (!word.isSpacedRepetitionActive) {
          throw new AppError('not_in_spaced_repetition', 409);
        }
        const at = now();
        const last = word.lastSpacedRepetitionAt;
        if (last && localDay(last, timeZone) === localDay(at, timeZone)) return answer(word);
        const day = word.spacedRepetitionDay + 1;
        const advanced = await learn.advanceSpacedRepetition(userId, wordId, word.spacedRepetitionDay, {
          spacedRepetitionDay: day,
          lastSpacedRepetitionAt: at,
          isSpacedRepetitionActive: day < intervals.length,
        });
        if (advanced) return answer(advanced);
        // Still changing under us (hidden and shown again meanwhile): answer what was read, not loop on.
        if (attempt >= 2) return answer(word);
      }
    },

    /**
     * `POST /api/generate-audio`: one clip through the cache. For a Learn card (wordId and voiceType) the
     * clip becomes that voice's clip on the word, so the next play needs no synthesis; when the voice's
     * provider fails, the built-in voice of the language speaks it (docs/product/providers.md#fallback).
     */
    async generateAudio(userId: string, request: GenerateAudioRequest) {
      const { wordId, voiceType, ...job } = request;
      if (wordId) await deps.wordsService.assertOwned(userId, wordId);
      const speakForCard = async () => {
        try {
          return await deps.speechService.speak(userId, { ...job, wordId });
        } catch (error) {
          if (!wordId || !voiceType || !isProviderError(error) || error.provider === 'builtin') throw error;
          const voiceId = builtinVoiceFor(job.voiceId, job.language);
          return deps.speechService.speak(userId, { ...job, voiceId, wordId });
        }
      };
      const clip = await speakForCard();
      if (wordId && voiceType) {
        const stored = await learn.setClips(userId, wordId, { [SLOT_OF_VOICE_TYPE[voiceType]]: clip.audio });
        if (!stored) throw missingWord();
      }
      return clip;
    },
  };
}
export type LearnService = ReturnType<typeof createLearnService>;
