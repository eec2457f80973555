import { useMutation } from '@tanstack/react-query';
import { type ExportRequest, exportStartedSchema, transferPaths } from '../../../shared/api/transfer';
import { apiClient } from '../api-client';

/** `POST /api/exports`: starts an export job (docs/product/transfer.md#exports); it reports like any job. */
export function startExport(request: ExportRequest) {
  return apiClient.post(transferPaths.exports, exportStartedSchema, { body: request });
}

export function useStartExport() {
  return useMutation({ mutationFn: startExport });
}
