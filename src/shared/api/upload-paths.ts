/**
 * Word upload and enrichment (docs/product/upload.md#upload-screen, docs/product/upload.md#stages): the paths,
 * apart from the schemas so the client's first page can name them without zod.
 */
export const uploadPaths = {
  processBatch: '/api/words/process-batch',
  upload: '/api/words/upload',
  cancel: (jobId: string) => `/api/words/job/${jobId}/cancel`,
  /** The learner's running or last finished upload (docs/product/upload.md#the-upload-comes-back). */
  current: '/api/words/upload-jobs/current',
  dismiss: (jobId: string) => `/api/words/job/${jobId}/dismiss`,
} as const;
