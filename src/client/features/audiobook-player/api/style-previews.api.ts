import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerPaths, stylePreviewListSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/image-styles/previews` (docs/product/audiobooks.md#style-previews): each style's preview,
 * drawn once by the built-in pictures; a preview never changes, so it is read once per session.
 */
export function fetchStylePreviews(signal?: AbortSignal) {
  return apiClient.get(playerPaths.stylePreviews, stylePreviewListSchema, { signal });
}

export const stylePreviewsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.audiobooks.stylePreviews,
    queryFn: ({ signal }) => fetchStylePreviews(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useStylePreviews({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...stylePreviewsQueryOptions(), enabled: isEnabled });
}
