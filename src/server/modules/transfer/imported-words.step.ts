import type { CodedError } from '../../../shared/api/errors';
import type { UploadStage } from '../../../shared/api/uploads';
import { JOB_ERROR_CODES } from '../../http/job-failure';
import type { UploadEntry, UploadJobInput } from '../../../shared/api/jobs';
import type { MediaStore } from '../../media/media-store';
import { checkImage, sniffAudio } from '../../providers/http/media-check';
import type { CardAudioSlot } from '../enrichment/card-audio.step';
import type { NewWord } from '../uploads/uploads.repository';

/**
 * What an import's row brings to its word (docs/product/transfer.md#imports), the one step of an upload
 * that reads it: the file's own fields, kept as they are, and the picture and clips its package names,
 * each checked like any provider's answer (real MP3, a picture that decodes) and kept as the learner's own.
 * A file the package lacks or that is no MP3 or picture is an error of its row; the word is saved without
 * it. A plain upload's entries bring nothing, and the step gives nothing.
 */
export interface ImportMediaSource {
  /** The file's bytes, or undefined when the package has no file by that name. */
  read(name: string): Promise<Buffer | undefined>;
  close(): void;
}

/** No clip or picture is larger; a bigger one is refused rather than read. */
export const MAX_IMPORTED_MEDIA_BYTES = 20 * 1024 * 1024;

type MediaSlot = CardAudioSlot | 'imageUrl';

/** What a row gave its word; `failures` are its files that could not be kept, at their stage. */
export interface GivenParts {
  fields: Pick<NewWord, 'example' | 'exampleTranslation' | 'partOfSpeech' | 'cefrLevel' | 'themeCategory'>;
  media: Partial<Record<MediaSlot, string>>;
  failures: Array<{ stage: Extract<UploadStage, 'images' | 'audio'>; failure: CodedError }>;
}

/** Each media field of a row, the slot it fills, and the kind of file it must be. */
const MEDIA_FIELDS = [
  ['picture', 'imageUrl', 'picture'],
  ['audio', 'audioData', 'clip'],
  ['secondVoiceAudio', 'secondVoiceAudioData', 'clip'],
  ['russianAudio', 'russianAudioData', 'clip'],
] as const;

/** The names of every file the rows name: what the package's media list is searched for. */
export const mediaNamesOf = (entries: readonly UploadEntry[]) => [
  ...new Set(entries.flatMap((entry) => MEDIA_FIELDS.flatMap(([field]) => entry.imported?.[field] ?? []))),
];

export function createImportedWords(deps: {
  /** The import's package; null for an upload or a CSV, whose rows name no files. */
  source: ImportMediaSource | null;
  mediaStore: Pick<MediaStore, 'put'>;
  userId: string;
}) {
  async function keepFile(name: string, kind: 'picture' | 'clip'): Promise<{ url: string } | CodedError> {
    const unreadable = { code: JOB_ERROR_CODES.importMediaUnreadable, params: { name } };
    let bytes: Buffer | undefined;
    try {
      bytes = await deps.source?.read(name);
    } catch {
      return unreadable;
    }
    if (!bytes) return { code: JOB_ERROR_CODES.importMediaMissing, params: { name } };
    if (kind === 'clip') {
      // Every clip is served and exported as MP3 (docs/product/media.md): another format is not kept.
      if (sniffAudio(bytes) !== 'audio/mpeg') return unreadable;
      return { url: await deps.mediaStore.put(deps.userId, bytes, 'audio/mpeg') };
    }
    try {
      const picture = await checkImage('builtin', bytes);
      return { url: await deps.mediaStore.put(deps.userId, picture.image, picture.mimeType) };
    } catch {
      return unreadable;
    }
  }

  /** The row's fields and files for its word. */
  async function given(entry: UploadEntry): Promise<GivenParts> {
    const imported = entry.imported ?? {};
    const parts: GivenParts = {
      fields: {
        example: imported.example ?? null,
        exampleTranslation: imported.exampleTranslation ?? null,
        partOfSpeech: imported.partOfSpeech ?? null,
        cefrLevel: imported.cefrLevel ?? null,
        themeCategory: imported.theme ?? null,
      },
      media: {},
      failures: [],
    };
    await Promise.all(
      MEDIA_FIELDS.map(async ([field, slot, kind]) => {
        const name = imported[field];
        if (!name) return;
        const kept = await keepFile(name, kind);
        if ('url' in kept) parts.media[slot] = kept.url;
        else parts.failures.push({ stage: kind === 'picture' ? 'images' : 'audio', failure: kept });
      }),
    );
    return parts;
  }

  return {
    given,

    /**
     * Words already in the dictionary as their rows update them, when the learner chose so: each field a
     * row fills replaces the word's; its Spanish, listens and progress stay. `failures` are the rows' files
     * that could not be kept.
     */
    async updates(entries: ReadonlyArray<UploadEntry & { duplicateKey: string; existingWordId: number }>) {
      const failures: Array<{ entry: UploadEntry } & GivenParts['failures'][number]> = [];
      const words = await Promise.all(
        entries.map(async (entry): Promise<NewWord & { existingWordId: number }> => {
          const parts = await given(entry);
          failures.push(...parts.failures.map((failure) => ({ entry, ...failure })));
          return {
            spanish: entry.spanish,
            russian: entry.russian ?? '',
            // Only a translation the row brings changes the word (uploads.repository.ts `saveChunk`).
            needsTranslation: !entry.russian,
            duplicateKey: entry.duplicateKey,
            ...parts.fields,
            highlightedSpanishWord: null,
            highlightedRussianWord: null,
            imageUrl: parts.media.imageUrl ?? null,
            imageStyle: null,
            imageStyleId: null,
            imageFormat: null,
            audioData: parts.media.audioData ?? null,
            russianAudioData: parts.media.russianAudioData ?? null,
            secondVoiceAudioData: parts.media.secondVoiceAudioData ?? null,
            existingWordId: entry.existingWordId,
          };
        }),
      );
      return { words, failures };
    },

    close: () => deps.source?.close(),
  };
}
export type ImportedWords = ReturnType<typeof createImportedWords>;

/** Where an import's rows and files are: its stored file, which the transfer module reads. */
export interface ImportFiles {
  /** The import's rows, read again from its file with the learner's mapping. */
  readEntries(
    userId: string,
    fileId: string,
    rows: NonNullable<NonNullable<UploadJobInput['import']>['rows']>,
  ): Promise<Pick<UploadJobInput, 'entries' | 'rejected'>>;
  /** The media files of a package these names find. */
  openMedia(userId: string, fileId: string, names: string[]): Promise<ImportMediaSource>;
  /** Deletes the file once the job is done with it. */
  discard(userId: string, fileId: string): Promise<void>;
}

/**
 * The upload's input with its rows (an import's read from its file) and what they bring to their words,
 * for one run; `finish` lets go of the file once the job is done with it.
 */
export async function openImport(
  deps: { files: ImportFiles | undefined; mediaStore: Pick<MediaStore, 'put'>; userId: string },
  input: UploadJobInput,
) {
  const { files, userId } = deps;
  const fileId = input.import?.fileId ?? null;
  const rows = input.import?.rows;
  const resolved =
    files && fileId && rows ? { ...input, ...(await files.readEntries(userId, fileId, rows)) } : input;
  const names = mediaNamesOf(resolved.entries);
  const source = files && fileId && names.length > 0 ? await files.openMedia(userId, fileId, names) : null;
  const imported = createImportedWords({ source, mediaStore: deps.mediaStore, userId });
  return {
    input: resolved,
    imported,
    async finish() {
      imported.close();
      if (files && fileId) await files.discard(userId, fileId);
    },
  };
}
