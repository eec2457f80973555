import { expressesVoiceStyle } from '../../../shared/catalogs/voices';
import { spokenText } from '../../../shared/text/spoken-text';
import { AppError } from '../../http/app-error';
import type { MediaStore } from '../../media/media-store';
import type { ProviderSet } from '../../providers/provider-set';
import type { SpeechLanguage } from '../../providers/speech';
import type { UserProviders } from '../providers/user-providers';
import { createBatcher } from '../../lib/batching';
import type { AudioCacheKey, AudioCacheRepository } from './audio-cache.repository';

export interface SpeechJob {
  text: string;
  voiceId: string;
  language: SpeechLanguage;
  speed: number;
  intonationStyle?: string | null | undefined;
  /** The learner's `defaultVoiceStyle`: acted out by the providers that can (docs/product/providers.md#voice-style). */
  voiceStyle?: string | null | undefined;
  /** The word that asked first, kept on the cache row for clean-up; never part of the key (D9). */
  wordId?: number | null | undefined;
  /** Synthesise anew and replace the cached clip (regenerate actions); eSpeak and models vary run to run. */
  isForced?: boolean | undefined;
  /** Made ahead of need by a job: waits behind every clip a learner is waiting for (SpeechRequest). */
  isBackground?: boolean | undefined;
}

export interface SpokenClip {
  /** `/media/<sha256>.mp3`. */
  audio: string;
  cached: boolean;
  voiceId: string;
  /** The speech model that made it (part of the cache key, D9). */
  model: string;
  /** How it was delivered: the intonation, and the voice style where the provider acts it out (`clipDelivery`). */
  delivery: string;
}

/** A clip synthesised and stored: its path, and the model the provider says made it. */
interface MadeClip {
  path: string;
  model: string;
}

/**
 * The voice style a clip is asked with: none for a provider that cannot act it out, and none for neutral,
 * so a built-in clip or a neutral one is the same clip whatever the setting (docs/product/providers.md#voice-style).
 */
function spokenVoiceStyle(voiceStyle: string | null | undefined, provider: string): string | undefined {
  if (!voiceStyle || voiceStyle === 'neutral' || !expressesVoiceStyle(provider)) return undefined;
  return voiceStyle;
}

/**
 * The cache key's delivery (D9's "intonation"): the intonation, and the voice style after a `+` when one is
 * asked for, so a clip of another style is never served for this one, and clips made before voice styles
 * keep their keys.
 */
const deliveryKey = (intonationStyle: string, voiceStyle: string | undefined) =>
  voiceStyle ? `${intonationStyle}+${voiceStyle}` : intonationStyle;

/** How a clip of this provider is delivered with these settings: what its cache key and its stored settings say. */
export const clipDelivery = (
  intonationStyle: string,
  voiceStyle: string | null | undefined,
  provider: string,
) => deliveryKey(intonationStyle, spokenVoiceStyle(voiceStyle, provider));

export function createSpeechService(deps: {
  audioCache: AudioCacheRepository;
  mediaStore: MediaStore;
  userProviders: UserProviders;
}) {
  const { audioCache, mediaStore } = deps;
  /**
   * Identical requests in flight share one synthesis (D9), so a double click pays once. A clip a learner
   * waits for never shares a background one, which may sit behind a whole upload's clips: it is made
   * at once beside it, and later background requests share it instead.
   */
  const inFlight = {
    now: new Map<string, Promise<MadeClip>>(),
    background: new Map<string, Promise<MadeClip>>(),
  };
  // An upload asks for thousands of clips: their cache lookups and rows go to the database in batches.
  const findCached = createBatcher((keys: AudioCacheKey[]) => audioCache.findMany(keys));
  const saveClip = createBatcher((clips: Parameters<AudioCacheRepository['saveMany']>[0]) =>
    audioCache.saveMany(clips),
  );

  function cacheKeyOf(userId: string, providers: ProviderSet, job: SpeechJob) {
    const text = spokenText(job.text);
    if (!text) throw new AppError('empty_text', 400);
    const resolved = providers.speech.resolve(job.voiceId, job.language);
    const voiceStyle = spokenVoiceStyle(job.voiceStyle, resolved.provider);
    const key: AudioCacheKey = {
      userId,
      text,
      language: job.language,
      voiceId: resolved.voiceId,
      intonationStyle: deliveryKey(job.intonationStyle ?? 'neutral', voiceStyle),
      speed: job.speed,
      model: resolved.model,
    };
    return { text, resolved, key, voiceStyle };
  }

  async function speak(userId: string, providers: ProviderSet, job: SpeechJob): Promise<SpokenClip> {
    const { text, resolved, key, voiceStyle } = cacheKeyOf(userId, providers, job);
    const cachedPath = job.isForced ? undefined : await findCached(key);
    if (cachedPath)
      return {
        audio: cachedPath,
        cached: true,
        voiceId: resolved.voiceId,
        model: key.model,
        delivery: key.intonationStyle,
      };

    const flightKey = JSON.stringify({ ...key, isForced: job.isForced === true });
    const isBackground = job.isBackground === true;
    const flights = isBackground ? inFlight.background : inFlight.now;
    let pending =
      inFlight.now.get(flightKey) ?? (isBackground ? inFlight.background.get(flightKey) : undefined);
    if (!pending) {
      pending = (async (): Promise<MadeClip> => {
        const speech = await providers.speech.synthesize({
          text,
          voiceId: resolved.voiceId,
          language: job.language,
          speed: job.speed,
          intonationStyle: job.intonationStyle ?? undefined,
          voiceStyle,
          isBackground,
        });
        const audioPath = await mediaStore.put(userId, speech.audio, speech.mimeType);
        const clip = { key: { ...key, model: speech.model }, audioPath, wordId: job.wordId ?? null };
        const path = await (job.isForced
          ? audioCache.replace(clip.key, clip.audioPath, clip.wordId)
          : saveClip(clip));
        return { path, model: speech.model };
      })().finally(() => flights.delete(flightKey));
      flights.set(flightKey, pending);
    }
    const made = await pending;
    return {
      audio: made.path,
      cached: false,
      voiceId: resolved.voiceId,
      model: made.model,
      delivery: key.intonationStyle,
    };
  }

  return {
    /** One clip through the cache, with the learner's providers. */
    async speak(userId: string, job: SpeechJob): Promise<SpokenClip> {
      return speak(userId, await deps.userProviders.forUser(userId), job);
    },
    /** The same, with providers a job has already chosen once for its thousands of clips. */
    speakWith: speak,
    /**
     * The clip the cache already holds for this request, without making one: whether a clip in other
     * settings can be had again for free (docs/product/audiobooks.md#clips-and-the-learners-settings).
     */
    async cachedWith(
      userId: string,
      providers: ProviderSet,
      job: SpeechJob,
    ): Promise<SpokenClip | undefined> {
      const { resolved, key } = cacheKeyOf(userId, providers, job);
      const path = await findCached(key);
      return path
        ? {
            audio: path,
            cached: true,
            voiceId: resolved.voiceId,
            model: key.model,
            delivery: key.intonationStyle,
          }
        : undefined;
    },
    /** Several clips of one text (one per voice); each succeeds or fails on its own. */
    async speakInVoices(userId: string, job: Omit<SpeechJob, 'voiceId'>, voiceIds: string[]) {
      const providers = await deps.userProviders.forUser(userId);
      return Promise.allSettled(voiceIds.map((voiceId) => speak(userId, providers, { ...job, voiceId })));
    },
  };
}
export type SpeechService = ReturnType<typeof createSpeechService>;
