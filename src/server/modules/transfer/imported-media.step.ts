import type { CodedError } from '../../../shared/api/errors';
import { JOB_ERROR_CODES } from '../../jobs/job-failure';
import type { MediaStore } from '../../media/media-store';
import { checkImage, sniffAudio } from '../../providers/http/media-check';

/**
 * An import's media (docs/product/transfer.md#imports): the files a package's fields name, read from the
 * stored package, checked like any provider's answer (real MP3, a picture that decodes) and kept as the
 * word's own. A file the package lacks or that is no MP3 or picture is a per-row error; the word is saved
 * without it.
 */
export interface ImportMediaSource {
  /** The file's bytes, or undefined when the package has no file by that name. */
  read(name: string): Promise<Buffer | undefined>;
  close(): void;
}

/** No clip or picture is larger; a bigger one is refused rather than read. */
export const MAX_IMPORTED_MEDIA_BYTES = 20 * 1024 * 1024;

export type ImportedMediaResult = { url: string } | { failure: CodedError };

export async function importMediaFile(
  deps: { source: ImportMediaSource; mediaStore: MediaStore; userId: string },
  name: string,
  kind: 'picture' | 'clip',
): Promise<ImportedMediaResult> {
  let bytes: Buffer | undefined;
  try {
    bytes = await deps.source.read(name);
  } catch {
    return { failure: { code: JOB_ERROR_CODES.importMediaUnreadable, params: { name } } };
  }
  if (!bytes) return { failure: { code: JOB_ERROR_CODES.importMediaMissing, params: { name } } };
  if (kind === 'clip') {
    // Every clip is served and exported as MP3 (docs/product/media.md): another format is not kept.
    if (sniffAudio(bytes) !== 'audio/mpeg') {
      return { failure: { code: JOB_ERROR_CODES.importMediaUnreadable, params: { name } } };
    }
    return { url: await deps.mediaStore.put(deps.userId, bytes, 'audio/mpeg') };
  }
  try {
    const picture = await checkImage('builtin', bytes);
    return { url: await deps.mediaStore.put(deps.userId, picture.image, picture.mimeType) };
  } catch {
    return { failure: { code: JOB_ERROR_CODES.importMediaUnreadable, params: { name } } };
  }
}
