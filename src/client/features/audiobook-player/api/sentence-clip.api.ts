import { audiobookPathOf, sentenceAudioResponseSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';
import type { SentenceVoiceType } from '../../../lib/audio/sentence-audio-loader';

/** `GET …/sentences/:sentenceId/audio`: the clip's path, made and kept by the server when missing. */
export async function fetchSentenceClip(
  id: number,
  sentenceId: number,
  voiceType: SentenceVoiceType,
  signal: AbortSignal,
): Promise<string | null> {
  const answer = await apiClient.get(
    audiobookPathOf.sentenceAudio(id, sentenceId),
    sentenceAudioResponseSchema,
    {
      signal,
      query: { voiceType },
    },
  );
  return answer.audio;
}
