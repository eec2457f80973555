import { mediaSource } from '../media-source';
import { stopAllAudio, trackDetachedMedia } from './stop-all-audio';

/** docs/product/overview.md#client-constants: a clip that has not started within 20 s counts as failed. */
const PLAYBACK_TIMEOUT_MS = 20_000;

/**
 * Plays one stored clip (a path, data: URL or raw base64), stopping whatever else plays first so two
 * clips never talk over each other. Resolves when the clip has started; rejects when it cannot.
 */
export async function playClip(clip: string): Promise<void> {
  const source = mediaSource(clip, 'audio');
  if (!source) throw new Error('No audio');
  stopAllAudio();
  const audio = new Audio(source);
  const untrack = trackDetachedMedia(audio);
  const release = () => untrack();
  audio.addEventListener('ended', release, { once: true });
  audio.addEventListener('error', release, { once: true });
  // A clip cut by stopAllAudio (or by this call failing) is never played again: stop tracking it too.
  audio.addEventListener('pause', release, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Audio playback timeout')), PLAYBACK_TIMEOUT_MS);
  });
  try {
    await Promise.race([audio.play(), timeout]);
  } catch (error) {
    audio.pause();
    release();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
