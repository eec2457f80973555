import { cardSpokenTexts } from '../../../shared/text/spoken-text';
import type { LearnRepository } from '../learn/learn.repository';
import type { ProviderPauses } from '../providers/provider-pauses';
import type { UserProviders } from '../providers/user-providers';
import type { SettingsService } from '../settings/settings.service';
import type { SpeechService } from '../speech/speech.service';
import { CARD_AUDIO_SLOTS, type CardAudioSlot, cardVoices, speakCard } from './card-audio.step';

/** Cards a listing reads by one query. */
const CARDS_PER_PAGE = 1_000;

type Card = NonNullable<Awaited<ReturnType<LearnRepository['findCard']>>>;

/** The slots the card lacks and can have: no Russian clip without Russian text. */
export function missingClipSlots(card: Card): CardAudioSlot[] {
  const hasRussianText = cardSpokenTexts(card).russian !== '';
  return CARD_AUDIO_SLOTS.filter((slot) => !card[slot] && (slot !== 'russianAudioData' || hasRussianText));
}

/** What making one word's missing clips did; null when the word is gone or lacks nothing now. */
export interface WordClipsMade {
  spanish: string;
  /** Clips the word lacked. */
  wanted: number;
  /** Clips made and kept on the word. */
  made: number;
  /** Clips that failed, even by the built-in voice. */
  failures: number;
}

export interface MissingClipsDeps {
  learn: Pick<LearnRepository, 'listCardsMissingClips' | 'findCard' | 'fillMissingClips'>;
  speechService: SpeechService;
  settingsService: SettingsService;
  userProviders: UserProviders;
  /** Providers that failed this learner lately (the upload's, Learn's): asked again only after a while. */
  providerPauses: ProviderPauses;
  log?: { warn(object: object, message: string): void };
}

/**
 * A word's card clips it does not have yet, made as Learn makes them on demand (D11,
 * docs/product/upload.md#built-in-clips-on-demand): in the learner's card voices, by the built-in voice of
 * the language when that voice's provider fails (docs/product/providers.md#fallback), a provider that failed
 * the learner lately not asked until its pause is over; kept on the word, so nothing makes them twice. The
 * built-in clips job and the Anki export share it.
 */
export function createMissingClips(deps: MissingClipsDeps) {
  return {
    /**
     * The learner's live words lacking a clip they can have, in id order (those in `among` only, when
     * given). Read a page of cards at a time and let go: only the ids are kept.
     */
    async wordIdsOf(userId: string, among?: ReadonlySet<number>): Promise<number[]> {
      const wordIds: number[] = [];
      for (let afterId = 0; ;) {
        const page = await deps.learn.listCardsMissingClips(userId, { afterId, limit: CARDS_PER_PAGE });
        for (const card of page) {
          if ((!among || among.has(card.id)) && missingClipSlots(card).length > 0) wordIds.push(card.id);
        }
        if (page.length < CARDS_PER_PAGE) break;
        afterId = page[page.length - 1]?.id ?? afterId;
      }
      return wordIds;
    },

    /** One learner's maker: their settings, providers and voices read once for the run. */
    async forLearner(userId: string, options: { isBackground: boolean; purpose: string }) {
      const [settings, providers] = await Promise.all([
        deps.settingsService.get(userId),
        deps.userProviders.forUser(userId),
      ]);
      const voices = await cardVoices(providers, settings.spanishVoices, settings.russianVoice);
      const failedProviders = deps.providerPauses.of(userId);
      return {
        async fill(wordId: number): Promise<WordClipsMade | null> {
          // Read now: the word may be gone, or Learn may have made its clips meanwhile.
          const card = await deps.learn.findCard(userId, wordId);
          const slots = card ? missingClipSlots(card) : [];
          if (!card || slots.length === 0) return null;
          let failures = 0;
          const clips = await speakCard(
            {
              speechService: deps.speechService,
              userId,
              providers,
              voices,
              settings,
              isBackground: options.isBackground,
              onError: (error) => {
                failures += 1;
                deps.log?.warn({ err: error, wordId: card.id }, `clip not made by ${options.purpose}`);
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
          return { spanish: card.spanish, wanted: slots.length, made: madeCount, failures };
        },
      };
    },
  };
}
export type MissingClips = ReturnType<typeof createMissingClips>;
