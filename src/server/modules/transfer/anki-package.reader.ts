import { MAX_COLLECTION_BYTES } from './anki-collection';
import { packageVersion, PackageError } from './anki-formats';
import type { FileReaders } from './file-readers';
import type { TableAnswer, TableRequest } from './file-reading.worker';
import { type ImportMediaSource, MAX_IMPORTED_MEDIA_BYTES } from './imported-words.step';
import type { ZipArchive } from './zip-archive';

/**
 * Anki packages (`.apkg` decks, `.colpkg` collections; docs/product/transfer.md#anki-packages), in each
 * layout Anki has written:
 * - legacy: `collection.anki2` (Anki 2.0) or `collection.anki21`, a plain SQLite file of schema 11 whose
 *   note types are JSON in `col.models`; `media` is a JSON map from the zip entry ("0", "1"…) to the name;
 * - latest: `meta` says version 3; `collection.anki21b` is a schema-18 SQLite file compressed with zstd,
 *   note types and fields live in their own tables; `media` is a zstd-compressed protobuf list whose n-th
 *   name is zip entry "n", itself zstd-compressed. Such packages also carry a dummy `collection.anki2`
 *   asking to update Anki, which must not be read.
 * This side finds the entries and inflates them; the file-reading worker decodes and reads them.
 */

/** A package's media list: a few dozen bytes a file. */
export const MAX_MEDIA_LIST_BYTES = 16 * 1024 * 1024;

interface PackageLayout {
  collectionEntry: string;
  /** The current layout: collection, media list and media files zstd-compressed. */
  isLatest: boolean;
}

async function layoutOf(archive: ZipArchive): Promise<PackageLayout> {
  const metaBytes = await archive.read('meta', 1024);
  let version: number;
  if (metaBytes) version = packageVersion(metaBytes);
  else version = archive.has('collection.anki21') ? 2 : 1;
  if (version < 1 || version > 3) throw new PackageError(`package version ${version} is unknown`);
  const collectionEntry = ['collection.anki2', 'collection.anki21', 'collection.anki21b'][version - 1] ?? '';
  return { collectionEntry, isLatest: version === 3 };
}

/** The package's notes: the preview, or the entries under a mapping. */
export async function readPackageTable(
  archive: ZipArchive,
  readers: FileReaders,
  request: TableRequest,
): Promise<TableAnswer> {
  const layout = await layoutOf(archive);
  const collection = await archive.stream(layout.collectionEntry, MAX_COLLECTION_BYTES);
  if (!collection) throw new PackageError(`${layout.collectionEntry} is missing`);
  return readers.readAnkiCollection(collection, layout.isLatest, request);
}

/**
 * The media files the import's rows name, read from the package as the words are saved; the archive stays
 * open until `close`. A name the package's list lacks reads as missing.
 */
export async function openPackageMedia(
  archive: ZipArchive,
  readers: FileReaders,
  names: string[],
): Promise<ImportMediaSource> {
  const layout = await layoutOf(archive);
  const list = await archive.stream('media', MAX_MEDIA_LIST_BYTES);
  const entryOfName = list
    ? await readers.mediaEntries(list, layout.isLatest, MAX_MEDIA_LIST_BYTES, names)
    : new Map<string, string>();
  return {
    async read(name) {
      const entry = entryOfName.get(name);
      if (entry === undefined) return undefined;
      const bytes = await archive.read(entry, MAX_IMPORTED_MEDIA_BYTES);
      if (!bytes) return undefined;
      return layout.isLatest ? readers.unzstd(bytes, MAX_IMPORTED_MEDIA_BYTES) : bytes;
    },
    close: () => archive.close(),
  };
}
