import { useMutation } from '@tanstack/react-query';
import { importPreviewSchema, transferPaths } from '../../../../shared/api/transfer';
import { apiClient } from '../../../lib/api-client';

/**
 * `POST /api/imports/preview`: sends the file once; the server keeps it for the import and answers its first
 * rows and the mapping they suggest (docs/product/transfer.md#imports).
 */
export function previewImport(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiClient.post(transferPaths.importPreview, importPreviewSchema, { body });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
