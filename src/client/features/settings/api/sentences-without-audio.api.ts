import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerPaths, sentencesWithoutAudioSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The learner's audiobook sentences without audio, for the audio diagnostics (read fresh on each opening). */
export function fetchSentencesWithoutAudio(signal?: AbortSignal) {
  return apiClient.get(playerPaths.sentencesWithoutAudio, sentencesWithoutAudioSchema, { signal });
}

export const sentencesWithoutAudioQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.audiobooks.sentencesWithoutAudio,
    queryFn: ({ signal }) => fetchSentencesWithoutAudio(signal),
    staleTime: 0,
  });

export function useSentencesWithoutAudio(options: { isEnabled: boolean }) {
  return useQuery({ ...sentencesWithoutAudioQueryOptions(), enabled: options.isEnabled });
}
