import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  generateSampleImageResponseSchema,
  providerPaths,
  type generateSampleImageRequestSchema,
} from '../../../../shared/api/providers';
import { apiClient } from '../../../lib/api-client';

type SampleRequest = z.input<typeof generateSampleImageRequestSchema>;

/**
 * `POST /api/generate-sample-image`: one picture of a style by the provider that would draw the series
 * (docs/product/audiobooks.md#style-previews), asked only when the learner presses 'Показать пример'. A
 * provider's failure answers 200 with `success: false` and its code.
 */
export function generateSampleImage(request: SampleRequest) {
  return apiClient.post(providerPaths.generateSampleImage, generateSampleImageResponseSchema, {
    body: request,
  });
}

export function useSampleImage() {
  return useMutation({ mutationFn: generateSampleImage });
}
