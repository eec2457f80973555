import Papa from 'papaparse';
import { z } from 'zod';
import { type ExportWordsInput, exportWordsInputSchema, JOB_KINDS } from '../../shared/api/jobs';
import {
  EXPORT_LIFETIME_MS,
  exportDownloadPath,
  type ExportResults,
  exportResultsSchema,
} from '../../shared/api/transfer';
import { createLimiter } from '../lib/concurrency';
import type { MediaStore } from '../media/media-store';
import type { MissingClips } from '../modules/enrichment/missing-clips.step';
import {
  ankiNoteOf,
  packageMediaOf,
  type PackageMedia,
  PALABRA_DECK,
  PALABRA_NOTE_TYPE,
  WORD_MEDIA_COLUMNS,
  type WordMediaColumn,
} from '../modules/transfer/anki-export';
import { type AnkiNoteSpec, buildLegacyCollection } from '../modules/transfer/anki-package.writer';
import { EXPORT_CSV_COLUMNS, exportCsvCells } from '../modules/transfer/csv-cells';
import type { ExportWord, TransferRepository } from '../modules/transfer/transfer.repository';
import { MAX_CHUNK_BYTES, splitIntoChunks } from '../modules/transfer/chunk-sink';
import { createChunkedZipWriter } from '../modules/transfer/zip-writer';
import { jobData } from './job-data';
import type { JobContext, JobDefinition } from './job-runtime';

export const EXPORT_WORDS_JOB = JOB_KINDS.exportWords;

/** Words read and written per step: one query, a few hundred KB of CSV. */
const WORDS_PER_STEP = 500;
/**
 * An Anki package's clips a word lacks are made before its notes (docs/product/transfer.md#anki-packages):
 * this many words per step, and a bounded pool of this many words' clips at once (three clips each), so the
 * speech workers stay busy without the export crowding them, and a tap in Learn still passes its clips.
 */
const CLIP_WORDS_PER_STEP = 20;
const CLIP_WORDS_AT_ONCE = 4;
/** Spreadsheets read a CSV as UTF-8 only when it starts with the byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF';

const inputSchema = exportWordsInputSchema;

/** The results so far, plus the steps done and the chunks written, so a resumed run carries on. */
const checkpointSchema = exportResultsSchema.extend({
  stepsDone: z.number().int(),
  chunksWritten: z.number().int(),
});
type Checkpoint = z.infer<typeof checkpointSchema>;

/** A step of the export: some words' missing clips made (a package's first steps), or some words written. */
type ExportUnit =
  { kind: 'clips'; wordIds: readonly number[] } | { kind: 'words'; wordIds: readonly number[] };

function chunksOf(ids: readonly number[], size: number): number[][] {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}

/** One row per word, a column per field, text cells a spreadsheet would run as a formula neutralised. */
function csvRows(wordRows: readonly ExportWord[]): string[][] {
  return wordRows.map((word) =>
    exportCsvCells({
      spanish: word.spanish,
      russian: word.russian,
      example: word.example ?? '',
      example_translation: word.exampleTranslation ?? '',
      part_of_speech: word.partOfSpeech ?? '',
      cefr_level: word.cefrLevel ?? '',
      theme: word.themeCategory ?? '',
      listen_count: word.listenCount,
      is_hidden: word.isHidden,
      created_at: word.createdAt,
    }),
  );
}

const FILE_TYPES: Readonly<Record<ExportWordsInput['format'], { extension: string; contentType: string }>> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  apkg: { extension: 'apkg', contentType: 'application/zip' },
};

/**
 * Export of the learner's words (docs/product/transfer.md#exports): the file is written in steps of 500
 * words, each step's bytes stored at once as chunks, so memory stays flat whatever the dictionary's size;
 * the download link comes with the results. A word deleted meanwhile is left out. An Anki package streams
 * each step's media into its archive and writes the collection last (docs/product/transfer.md#anki-packages).
 */
export function createExportWordsJob(deps: {
  transfer: TransferRepository;
  mediaStore: Pick<MediaStore, 'findReadable'>;
  /** What makes a word's missing clips, as Learn would on demand: every note of a package has its sound. */
  missingClips: Pick<MissingClips, 'wordIdsOf' | 'forLearner'>;
  now?: () => Date;
}): JobDefinition<ExportWordsInput, Checkpoint, ExportResults, ExportUnit> {
  const now = deps.now ?? (() => new Date());
  return {
    kind: EXPORT_WORDS_JOB,
    input: jobData(`${EXPORT_WORDS_JOB} input`, inputSchema),
    checkpoint: jobData(`${EXPORT_WORDS_JOB} checkpoint`, checkpointSchema),
    results: jobData(`${EXPORT_WORDS_JOB} results`, exportResultsSchema),
    async plan(context) {
      const { userId, input } = context;
      const ids = await deps.transfer.listWordIds(userId, input.wordIds ?? undefined);
      const fileType = FILE_TYPES[input.format];
      // A package's archive is written in one pass: an interrupted one starts again in a new file.
      const isResumable = input.format === 'csv';
      let state: Checkpoint = (isResumable ? context.checkpoint : null) ?? {
        format: input.format,
        fileId: null,
        fileName: `palabra-words-${now().toISOString().slice(0, 10)}.${fileType.extension}`,
        words: 0,
        byteSize: 0,
        downloadUrl: null,
        expiresAt: null,
        stepsDone: 0,
        chunksWritten: 0,
      };
      let fileId = state.fileId;
      if (fileId === null) {
        const expiresAt = new Date(now().getTime() + EXPORT_LIFETIME_MS);
        fileId = await deps.transfer.createFile({
          userId,
          format: input.format,
          fileName: state.fileName,
          contentType: fileType.contentType,
          expiresAt,
        });
        state = { ...state, fileId, expiresAt: expiresAt.toISOString() };
      }
      const file = fileId;
      const steps = chunksOf(ids, WORDS_PER_STEP);
      const snapshot = () => state;

      if (input.format === 'apkg') {
        return planPackage(
          { ...deps, now },
          {
            userId,
            file,
            ids,
            steps,
            state,
            report: (progress, current) => context.reportProgress(progress, current),
          },
        );
      }

      await context.reportProgress({ total: ids.length, processed: state.words, stage: 'export' }, snapshot);
      return {
        units: steps.slice(state.stepsDone).map((wordIds): ExportUnit => ({ kind: 'words', wordIds })),
        // In order: the file is the chunks one after another.
        unitsAtOnce: 1,
        async step({ wordIds: stepIds }) {
          const wordRows = await deps.transfer.listWords(userId, stepIds);
          const isFirst = state.stepsDone === 0;
          const csv = Papa.unparse(
            { fields: isFirst ? [...EXPORT_CSV_COLUMNS] : [], data: csvRows(wordRows) },
            { header: isFirst, newline: '\r\n' },
          );
          // Each step's rows end with a line break, so the next step's rows start on a line of their own.
          const text = `${isFirst ? BYTE_ORDER_MARK : ''}${csv}${csv === '' ? '' : '\r\n'}`;
          const chunks = splitIntoChunks(Buffer.from(text, 'utf8'));
          await deps.transfer.writeChunks(file, state.chunksWritten, chunks);
          state = {
            ...state,
            stepsDone: state.stepsDone + 1,
            chunksWritten: state.chunksWritten + chunks.length,
            words: state.words + wordRows.length,
            byteSize: state.byteSize + chunks.reduce((sum, chunk) => sum + chunk.length, 0),
          };
          await context.reportProgress({ processed: state.words }, snapshot);
        },
        async finish({ isCancelled }) {
          const { stepsDone: _steps, chunksWritten: _chunks, ...results } = state;
          if (isCancelled) return { ...results, downloadUrl: null };
          // No word at all: the file still has its columns.
          if (state.stepsDone === 0) {
            const header = `${BYTE_ORDER_MARK}${EXPORT_CSV_COLUMNS.join(',')}\r\n`;
            await deps.transfer.writeChunks(file, 0, [Buffer.from(header, 'utf8')]);
          }
          const byteSize = await deps.transfer.completeFile(file);
          return { ...results, byteSize, downloadUrl: exportDownloadPath(file) };
        },
      };
    },
  };
}

/**
 * The Anki package. First the clips its words lack are made and kept on the words (stage 'audio'), as Learn
 * would make them on demand, so every note has its sound; the backup copies data instead, its restore
 * making clips on demand (D11). Then each step reads its words, adds their media to the archive as it
 * reaches them and keeps their notes; the last writes the collection and the media map. Memory holds the
 * notes' text, one media file and one chunk.
 */
async function planPackage(
  deps: {
    transfer: TransferRepository;
    mediaStore: Pick<MediaStore, 'findReadable'>;
    missingClips: Pick<MissingClips, 'wordIdsOf' | 'forLearner'>;
    now: () => Date;
  },
  run: {
    userId: string;
    file: string;
    ids: readonly number[];
    steps: number[][];
    state: Checkpoint;
    report: JobContext<ExportWordsInput, Checkpoint>['reportProgress'];
  },
) {
  const { userId, file } = run;
  let state = run.state;
  const snapshot = () => state;
  const clipWordIds = await deps.missingClips.wordIdsOf(userId, new Set(run.ids));
  const maker =
    clipWordIds.length > 0
      ? await deps.missingClips.forLearner(userId, { isBackground: true, purpose: 'the Anki export' })
      : null;
  const clipsPool = createLimiter(CLIP_WORDS_AT_ONCE);
  const voiced = { done: 0, failed: 0 };
  const startWriting = () =>
    run.report(
      { total: run.ids.length, processed: 0, failed: 0, stage: 'export', currentWord: null },
      snapshot,
    );
  if (maker) {
    await run.report({ total: clipWordIds.length, processed: 0, failed: 0, stage: 'audio' }, snapshot);
  } else {
    await startWriting();
  }
  /** A word whose clips could not all be made still gets its note, with the sound that was made. */
  const makeClips = async (wordIds: readonly number[]) => {
    await Promise.all(
      wordIds.map((wordId) =>
        clipsPool(async () => {
          const outcome = await maker?.fill(wordId);
          if (outcome && outcome.made < outcome.wanted) voiced.failed += 1;
          else voiced.done += 1;
          await run.report(
            { processed: voiced.done, failed: voiced.failed, currentWord: outcome?.spanish ?? null },
            snapshot,
          );
        }),
      ),
    );
  };
  const lastClipStep = chunksOf(clipWordIds, CLIP_WORDS_PER_STEP).length;
  let clipStepsDone = 0;
  const zip = createChunkedZipWriter(
    MAX_CHUNK_BYTES,
    (index, chunk) => deps.transfer.writeChunks(file, index, [chunk]),
    deps.now(),
  );
  const notes: AnkiNoteSpec[] = [];
  /** Package name → zip entry ("0", "1"…): each file once, however many words share it. */
  const entries = new Map<string, string>();
  const addMedia = (media: PackageMedia) => {
    if (entries.has(media.name)) return undefined;
    const entry = String(entries.size);
    entries.set(media.name, entry);
    return zip.addLater(entry, async () => {
      if ('bytes' in media) return media.bytes;
      return (await deps.mediaStore.findReadable(media.sha256, userId))?.data;
    });
  };
  return {
    units: [
      ...chunksOf(clipWordIds, CLIP_WORDS_PER_STEP).map((wordIds): ExportUnit => ({
        kind: 'clips',
        wordIds,
      })),
      ...run.steps.map((wordIds): ExportUnit => ({ kind: 'words', wordIds })),
    ],
    // In order: every clip is made before the notes that name it, and the archive is written in one pass.
    unitsAtOnce: 1,
    async step(unit: ExportUnit) {
      if (unit.kind === 'clips') {
        await makeClips(unit.wordIds);
        clipStepsDone += 1;
        if (clipStepsDone === lastClipStep) await startWriting();
        return;
      }
      const wordRows = await deps.transfer.listWords(userId, unit.wordIds);
      const written: Array<Promise<void>> = [];
      for (const word of wordRows) {
        const media: Partial<Record<WordMediaColumn, PackageMedia>> = {};
        for (const column of WORD_MEDIA_COLUMNS) {
          const file = packageMediaOf(word[column]);
          if (!file) continue;
          media[column] = file;
          const adding = addMedia(file);
          if (adding) written.push(adding);
        }
        notes.push(ankiNoteOf(word, media));
      }
      // The step ends once its media are in the archive: the next step's wait behind them, not in memory.
      await Promise.all(written);
      state = { ...state, stepsDone: state.stepsDone + 1, words: state.words + wordRows.length };
      await run.report({ processed: state.words }, snapshot);
    },
    async finish({ isCancelled }: { isCancelled: boolean }): Promise<ExportResults> {
      const { stepsDone: _steps, chunksWritten: _chunks, ...results } = state;
      // Every step's media are written already: a cancelled package is left unfinished, never served.
      if (isCancelled) return { ...results, downloadUrl: null };
      const collection = await buildLegacyCollection({
        noteTypes: [PALABRA_NOTE_TYPE],
        decks: [PALABRA_DECK],
        notes,
        now: deps.now(),
      });
      zip.addBuffer('collection.anki2', Buffer.from(collection), { compress: true });
      const mediaMap = Object.fromEntries([...entries].map(([name, entry]) => [entry, name]));
      zip.addBuffer('media', Buffer.from(JSON.stringify(mediaMap), 'utf8'), { compress: true });
      await zip.end();
      const byteSize = await deps.transfer.completeFile(file);
      return { ...results, byteSize, downloadUrl: exportDownloadPath(file) };
    },
  };
}
