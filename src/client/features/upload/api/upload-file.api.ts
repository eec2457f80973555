import { useMutation } from '@tanstack/react-query';
import { fileUploadResponseSchema, uploadPaths } from '../../../../shared/api/uploads';
import { apiClient } from '../../../lib/api-client';

/** The field name the server's multipart reader expects. */
export const UPLOAD_FILE_FIELD = 'file';

/**
 * Sends a .txt file as multipart; the server reads its lines and starts the same job as a paste. Fields go
 * before the file, as the server reads only those. `generateImages` or `imageStyle` left out: the learner's
 * setting.
 */
export function uploadFile({
  file,
  generateImages,
  imageStyle,
}: {
  file: File;
  generateImages: boolean | undefined;
  imageStyle?: string | undefined;
}) {
  const body = new FormData();
  if (generateImages !== undefined) body.append('generateImages', String(generateImages));
  if (imageStyle !== undefined) body.append('imageStyle', imageStyle);
  body.append(UPLOAD_FILE_FIELD, file, file.name);
  return apiClient.post(uploadPaths.upload, fileUploadResponseSchema, { body });
}

export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile });
}
