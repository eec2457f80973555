import type { z } from 'zod';
import type { RevoiceSummary } from '../../../shared/api/audiobook-player';
import type { sentenceAudioQuerySchema, sentenceAudioResponseSchema } from '../../../shared/api/audiobooks';
import type { Settings } from '../../../shared/api/settings';
import { effectiveCardVoices } from '../../../shared/catalogs/card-voices';
import { AppError } from '../../http/app-error';
import { failureOf } from '../../http/job-failure';
import { parseMediaPath } from '../../media/media-store';
import { isProviderError } from '../../providers/provider-error';
import type { ProviderSet } from '../../providers/provider-set';
import type { SpeechLanguage } from '../../providers/speech';
import { builtinVoiceFor } from '../enrichment/card-audio.step';
import type { UserProviders } from '../providers/user-providers';
import type { SettingsService } from '../settings/settings.service';
import { clipDelivery, type SpeechService, type SpokenClip } from '../speech/speech.service';
import type { AudiobooksRepository, SentenceClipSlot, SentenceRow } from './audiobooks.repository';
import {
  CLIP_COLUMNS,
  type ClipSettings,
  type ClipTarget,
  isCurrentClip,
  SENTENCE_CLIP_SLOTS,
  storedClipSettings,
} from './sentence-clip-settings';

type Query = z.infer<typeof sentenceAudioQuerySchema>;
type Answer = z.infer<typeof sentenceAudioResponseSchema>;

/**
 * How long the sentence list waits for the learner's voice lists before answering every stored clip as
 * it is: opening a book never waits long on a provider's voice list.
 */
export const LISTED_VOICES_WAIT_MS = 3_000;

const slotOf = (query: Query): SentenceClipSlot =>
  query.language === 'russian' ? 'russian' : query.voiceType;

const storedClip = (sentence: SentenceRow, slot: SentenceClipSlot): string | null => {
  const value = sentence[CLIP_COLUMNS[slot].audio];
  return value !== null && parseMediaPath(value) ? value : null;
};

const textOf = (sentence: SentenceRow, slot: SentenceClipSlot) =>
  slot === 'russian' ? sentence.russian : sentence.spanish;

/** What the learner's settings make each clip with now, read once for a request or a job. */
export interface ClipContext {
  providers: ProviderSet;
  settings: Settings;
  targets: Readonly<Record<SentenceClipSlot, ClipTarget>>;
  /**
   * False when a provider's voice list could not be read: the voices the learner's cards speak in are then
   * not known for sure, and no stored clip is judged against them (none is made again).
   */
  isKnown: boolean;
  /** The voice lists' failures, for a call that cannot answer without them. */
  failures: readonly Error[];
}

/**
 * A stored clip against the learner's current settings: `current`; `free` when made with other settings
 * and to be had again for nothing (the built-in voice speaks it, or the audio cache holds the clip of the
 * current settings: `cached`); `paid` when making it again is a call to the learner's paid provider.
 */
export type ClipVerdict =
  | { kind: 'missing' }
  | { kind: 'current' }
  | { kind: 'free'; cached: SpokenClip | undefined }
  | { kind: 'paid' };

/** A stale clip of a sentence and its verdict, as the re-voicing job is given them. */
export interface StaleClip {
  slot: SentenceClipSlot;
  verdict: Extract<ClipVerdict, { kind: 'free' | 'paid' }>;
}

/**
 * A sentence's clip, made when first asked for and kept on the sentence (docs/product/audiobooks.md#creation,
 * step 6): the learner's voice, or the built-in voice of the language when that provider fails or has no key.
 * Each clip keeps the settings it was made with; one made with other settings than the learner's current
 * ones is made again when asked for if that costs nothing, and otherwise only by the re-voicing job the
 * learner confirms (docs/product/audiobooks.md#clips-and-the-learners-settings).
 */
export function createSentenceAudioService(deps: {
  books: AudiobooksRepository;
  speechService: SpeechService;
  settingsService: SettingsService;
  userProviders: UserProviders;
}) {
  async function contextOf(userId: string, signal?: AbortSignal): Promise<ClipContext> {
    const [settings, providers] = await Promise.all([
      deps.settingsService.get(userId),
      deps.userProviders.forUser(userId),
    ]);
    const listed = await providers.speech.listVoices(signal);
    const voices = effectiveCardVoices(listed.voices, settings.spanishVoices, settings.russianVoice);
    const targetOf = (slot: SentenceClipSlot): ClipTarget => {
      const language: SpeechLanguage = slot === 'russian' ? 'ru-RU' : 'es-MX';
      const requestedVoiceId = {
        main: voices.firstSpanish,
        second: voices.secondSpanish,
        russian: voices.russian,
      }[slot];
      const resolved = providers.speech.resolve(requestedVoiceId, language);
      return {
        slot,
        language,
        requestedVoiceId,
        provider: resolved.provider,
        settings: {
          voiceId: resolved.voiceId,
          speed: settings.speechSpeed,
          // Another voice style makes another clip, where the provider acts it out (providers.md#voice-style).
          intonationStyle: clipDelivery(
            settings.intonationStyle,
            settings.defaultVoiceStyle,
            resolved.provider,
          ),
          model: resolved.model,
        },
        spoken: { intonationStyle: settings.intonationStyle, voiceStyle: settings.defaultVoiceStyle },
      };
    };
    return {
      providers,
      settings,
      targets: { main: targetOf('main'), second: targetOf('second'), russian: targetOf('russian') },
      isKnown: listed.failures.length === 0,
      failures: listed.failures,
    };
  }

  const jobOf = (sentence: SentenceRow, target: ClipTarget, voiceId: string, isBackground?: boolean) => ({
    text: textOf(sentence, target.slot),
    voiceId,
    language: target.language,
    speed: target.settings.speed,
    intonationStyle: target.spoken.intonationStyle,
    voiceStyle: target.spoken.voiceStyle,
    isBackground,
  });

  async function verdictOf(
    userId: string,
    context: ClipContext,
    sentence: SentenceRow,
    slot: SentenceClipSlot,
  ): Promise<ClipVerdict> {
    if (storedClip(sentence, slot) === null) return { kind: 'missing' };
    const target = context.targets[slot];
    if (!context.isKnown || isCurrentClip(storedClipSettings(sentence, slot), target.settings)) {
      return { kind: 'current' };
    }
    let cached: SpokenClip | undefined;
    try {
      cached = await deps.speechService.cachedWith(
        userId,
        context.providers,
        jobOf(sentence, target, target.requestedVoiceId),
      );
    } catch (error) {
      // A text with nothing to say (its clip came from elsewhere) is left as it is.
      if (error instanceof AppError) return { kind: 'current' };
      throw error;
    }
    if (cached) return { kind: 'free', cached };
    return target.provider === 'builtin' ? { kind: 'free', cached: undefined } : { kind: 'paid' };
  }

  const settingsOf = (clip: SpokenClip, target: ClipTarget): ClipSettings => ({
    voiceId: clip.voiceId,
    speed: target.settings.speed,
    intonationStyle: target.settings.intonationStyle,
    model: clip.model,
  });

  async function keep(userId: string, sentence: SentenceRow, target: ClipTarget, clip: SpokenClip) {
    await deps.books.setSentenceClip(userId, sentence.id, target.slot, clip.audio, settingsOf(clip, target));
  }

  /** The clips of these sentences, each with its verdict; none is judged when the voices are not known. */
  async function verdictsOf(userId: string, context: ClipContext, sentences: readonly SentenceRow[]) {
    return Promise.all(
      sentences.map(async (sentence) => ({
        sentence,
        verdicts: await Promise.all(
          SENTENCE_CLIP_SLOTS.map(async (slot) => ({
            slot,
            verdict: await verdictOf(userId, context, sentence, slot),
          })),
        ),
      })),
    );
  }

  return {
    contextOf,

    /** `isBackground`: made ahead of need by a job, behind every clip a learner waits for. */
    async clip(
      userId: string,
      audiobookId: number,
      sentenceId: number,
      query: Query,
      options: { isBackground?: boolean } = {},
    ): Promise<Answer> {
      const sentence = await deps.books.findSentence(userId, audiobookId, sentenceId);
      if (!sentence) throw new AppError('audiobook_not_found', 404);
      const slot = slotOf(query);
      const context = await contextOf(userId);
      const target = context.targets[slot];
      const stored = storedClip(sentence, slot);
      if (stored) {
        const verdict = await verdictOf(userId, context, sentence, slot);
        // A clip in other settings that would cost a paid call stays until the learner has it re-voiced.
        if (verdict.kind !== 'free') return { success: true, audio: stored, cached: true, error: null };
        if (verdict.cached) {
          await keep(userId, sentence, target, verdict.cached);
          return { success: true, audio: verdict.cached.audio, cached: true, error: null };
        }
      }
      const speak = (voice: string) =>
        deps.speechService.speakWith(
          userId,
          context.providers,
          jobOf(sentence, target, voice, options.isBackground),
        );
      try {
        let clip;
        try {
          clip = await speak(target.requestedVoiceId);
        } catch (error) {
          if (!isProviderError(error) || target.provider === 'builtin') throw error;
          clip = await speak(builtinVoiceFor(target.requestedVoiceId, target.language));
        }
        await keep(userId, sentence, target, clip);
        return { success: true, audio: clip.audio, cached: clip.cached, error: null };
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The clip in other settings still plays rather than none.
        if (stored) return { success: true, audio: stored, cached: true, error: null };
        return { success: false, audio: null, cached: false, error: failureOf(error) };
      }
    },

    /**
     * The sentences as the player lists them: a clip made with other settings that can be had again for
     * nothing reads as missing, so the player asks for it and it is made again then. Paid ones are listed
     * as they are. When the voice lists do not answer soon, every clip is listed as it is.
     */
    async listed(userId: string, sentences: SentenceRow[]): Promise<SentenceRow[]> {
      const hasClips = sentences.some((sentence) =>
        SENTENCE_CLIP_SLOTS.some((slot) => storedClip(sentence, slot) !== null),
      );
      if (!hasClips) return sentences;
      const context = await contextOf(userId, AbortSignal.timeout(LISTED_VOICES_WAIT_MS));
      if (!context.isKnown) return sentences;
      const judged = await verdictsOf(userId, context, sentences);
      return judged.map(({ sentence, verdicts }) => {
        const listed = { ...sentence };
        for (const { slot, verdict } of verdicts) {
          if (verdict.kind === 'free') Object.assign(listed, { [CLIP_COLUMNS[slot].audio]: null });
        }
        return listed;
      });
    },

    /** The book's clips made with other settings, paid and free; a voice list that fails fails the count. */
    async staleClips(userId: string, context: ClipContext, sentences: readonly SentenceRow[]) {
      if (!context.isKnown) throw context.failures[0] ?? new AppError('sentence_audio_failed', 502);
      const judged = await verdictsOf(userId, context, sentences);
      return judged.flatMap(({ sentence, verdicts }) => {
        const stale = verdicts.filter((entry): entry is StaleClip =>
          ['free', 'paid'].includes(entry.verdict.kind),
        );
        return stale.length === 0 ? [] : [{ sentence, stale }];
      });
    },

    /** Counts of `staleClips`, as the re-voicing dialog shows them. */
    summaryOf(stale: ReadonlyArray<{ stale: readonly StaleClip[] }>): RevoiceSummary {
      const clips = stale.flatMap((entry) => entry.stale);
      return {
        paidClips: clips.filter((clip) => clip.verdict.kind === 'paid').length,
        freeClips: clips.filter((clip) => clip.verdict.kind === 'free').length,
      };
    },

    /**
     * One stale clip made again in the current settings by the re-voicing job: from the cache, else by the
     * learner's voice. A clip that fails keeps the one it had (no built-in voice stands in for a paid one);
     * the answer says whether it was made.
     */
    async revoice(
      userId: string,
      context: ClipContext,
      sentence: SentenceRow,
      clip: StaleClip,
    ): Promise<boolean> {
      const target = context.targets[clip.slot];
      try {
        const made =
          (clip.verdict.kind === 'free' ? clip.verdict.cached : undefined) ??
          (await deps.speechService.speakWith(
            userId,
            context.providers,
            jobOf(sentence, target, target.requestedVoiceId, true),
          ));
        await keep(userId, sentence, target, made);
        return true;
      } catch (error) {
        if (error instanceof AppError) throw error;
        return false;
      }
    },
  };
}
export type SentenceAudioService = ReturnType<typeof createSentenceAudioService>;
