import { useMutation } from '@tanstack/react-query';
import {
  type ImportMapping,
  type ImportOptions,
  importStartedSchema,
  transferPaths,
} from '../../../../shared/api/transfer';
import { apiClient } from '../../../lib/api-client';

/**
 * `POST /api/imports` for a previewed file: the learner's mapping and options; answers the upload job that
 * imports the words (docs/product/transfer.md#imports).
 */
export function startImport(request: { fileId: string; mapping: ImportMapping; options: ImportOptions }) {
  const body = new FormData();
  body.append('fileId', request.fileId);
  body.append('mapping', JSON.stringify(request.mapping));
  body.append('options', JSON.stringify(request.options));
  return apiClient.post(transferPaths.imports, importStartedSchema, { body });
}

export function useStartImport() {
  return useMutation({ mutationFn: startImport });
}
