import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { CodedError } from '../../shared/api/errors';
import { JOB_KINDS, type RestoreBackupInput, restoreBackupInputSchema } from '../../shared/api/jobs';
import { MAX_DICTIONARY_WORDS } from '../../shared/api/uploads';
import { duplicateKeyOf } from '../../shared/text/duplicate-key';
import { type RestoreResults, restoreResultsSchema } from '../../shared/api/transfer';
import { MEDIA_EXTENSIONS, type MediaStore, type MediaType } from '../media/media-store';
import { sniffAudio, sniffImage } from '../providers/http/media-check';
import {
  type BackupArchive,
  BACKUP_TABLES,
  type BackupLine,
  type BackupTable,
  MAX_BACKUP_LINE_BYTES,
  settingsOfBackup,
  tableEntry,
  WORD_THEMES_ENTRY,
} from '../modules/transfer/backup-tables';
import { contractOf } from '../modules/transfer/backup-contracts';
import { addLines } from '../modules/uploads/upload-report';
import type { BackupRepository, BackupRow, RestoredRow } from '../modules/transfer/backup.repository';
import { BACKUP_PAGE_ROWS } from '../modules/transfer/backup.repository';
import { jobData } from './job-data';
import { JOB_ERROR_CODES } from '../http/job-failure';
import { emptyUploadResults } from './upload-words.data';
import type { JobDefinition } from './job-runtime';

export const RESTORE_BACKUP_JOB = JOB_KINDS.restoreBackup;

const inputSchema = restoreBackupInputSchema;

type Unit =
  { kind: 'media' } | { kind: 'table'; table: BackupTable } | { kind: 'word_themes' } | { kind: 'links' };

const rowSchema = z.record(z.string(), z.unknown());
/** Errors a restore's report lists; the rest are counted (`moreErrors`). */
const MAX_REPORTED_ERRORS = 1_000;
/** Media files read and stored at once. */
const MEDIA_AT_ONCE = 32;
const wordThemeSchema = z.object({
  wordId: z.number().int(),
  theme: z.string().min(1),
  order: z.number().int(),
});

const TYPE_OF_EXTENSION = new Map<string, MediaType>(
  Object.entries(MEDIA_EXTENSIONS).map(([type, extension]) => [extension, type as MediaType]),
);

/** The file's type if its bytes are what its name says (its hash, its kind); undefined otherwise. */
function checkedMedia(name: string, bytes: Buffer): MediaType | undefined {
  const [sha256, extension] = name.split('.');
  const type = extension ? TYPE_OF_EXTENSION.get(extension) : undefined;
  if (!type || createHash('sha256').update(bytes).digest('hex') !== sha256) return undefined;
  if (type === 'audio/mpeg') return sniffAudio(bytes) === type ? type : undefined;
  if (type === 'image/svg+xml')
    return /^\s*(<\?xml|<svg)/.test(bytes.toString('utf8', 0, 200)) ? type : undefined;
  return sniffImage(bytes) === type ? type : undefined;
}

/**
 * A backup restored into the learner's account (docs/product/transfer.md#backup): the media first, each
 * checked against its hash and kind; then the tables in order, each row given a new id and its references
 * mapped to the new ids, or merged with the account's own row of the same natural key (D8 for words), which
 * is reported as a duplicate and kept as the account had it. Running it again adds nothing twice, so an
 * interrupted restore simply starts over.
 */
export function createRestoreBackupJob(deps: {
  backup: BackupRepository;
  mediaStore: Pick<MediaStore, 'put'>;
  openBackup(userId: string, fileId: string): Promise<BackupArchive>;
  /** Deletes the backup's file once the restore is done with it. */
  discardImport?: (userId: string, fileId: string) => Promise<void>;
  /**
   * Writes the backup's settings as `PUT /api/settings` would; answers the fields whose values were refused
   * and took the default.
   */
  restoreSettings(userId: string, row: BackupRow): Promise<string[]>;
}): JobDefinition<RestoreBackupInput, RestoreResults, RestoreResults, Unit> {
  return {
    kind: RESTORE_BACKUP_JOB,
    input: jobData(`${RESTORE_BACKUP_JOB} input`, inputSchema),
    checkpoint: jobData(`${RESTORE_BACKUP_JOB} checkpoint`, restoreResultsSchema),
    results: jobData(`${RESTORE_BACKUP_JOB} results`, restoreResultsSchema),
    async plan(context) {
      const { userId } = context;
      const archive = await deps.openBackup(userId, context.input.fileId);
      const results: RestoreResults = { ...emptyUploadResults(), restored: {}, mediaFiles: 0 };
      const snapshot = () => results;
      /** Backup id → new id, per table. */
      const ids = new Map<string, Map<number, number>>();
      /** References filled once their table is restored: the table, the row's new id, column, old value. */
      const deferred: Array<{ table: string; rowId: number; column: string; target: string; oldId: number }> =
        [];
      const units: Unit[] = [
        { kind: 'media' },
        ...BACKUP_TABLES.map((table) => ({ kind: 'table', table }) as const),
        { kind: 'word_themes' },
        { kind: 'links' },
      ];
      let unitsDone = 0;
      await context.reportProgress({ total: units.length, processed: 0, stage: 'restore' }, snapshot);

      /** The report keeps the first errors and counts the rest: a hostile file cannot make it huge. */
      const reportError = (error: CodedError & { spanish?: string | null }) =>
        addLines(
          results,
          'errors',
          [{ lineNumber: null, spanish: null, stage: 'saving', ...error }],
          MAX_REPORTED_ERRORS,
        );
      const failRow = (table: string, line?: BackupLine) =>
        reportError(
          line && 'isTooLong' in line
            ? {
                code: JOB_ERROR_CODES.backupRowTooLong,
                params: { table, maxKb: MAX_BACKUP_LINE_BYTES / 1024 },
              }
            : { code: JOB_ERROR_CODES.backupRowUnreadable, params: { table } },
        );

      /** The row ready to insert: references mapped, or undefined when a required one does not resolve. */
      function mapped(backupTable: BackupTable, row: BackupRow): BackupRow | undefined {
        const { id: _id, ...rest } = row;
        const value: BackupRow = { ...rest };
        for (const [column, target] of Object.entries(backupTable.references)) {
          const old = value[column];
          if (old === null || old === undefined) continue;
          const resolved = ids.get(target)?.get(Number(old));
          if (resolved !== undefined) value[column] = resolved;
          else if (backupTable.optionalReferences?.includes(column)) value[column] = null;
          else return undefined;
        }
        for (const column of Object.keys(backupTable.deferredReferences ?? {})) value[column] = null;
        for (const column of backupTable.cleared ?? []) value[column] = null;
        // The duplicate key is always the app's own reading of the Spanish (D8), never the file's.
        if (backupTable.name === 'words' && typeof value.spanish === 'string') {
          value.duplicateKey = duplicateKeyOf(value.spanish);
        }
        return value;
      }

      /** Inserts a page; a page the database refuses is tried row by row, so one bad row costs only itself. */
      async function insertPage(
        backupTable: BackupTable,
        rows: readonly BackupRow[],
      ): Promise<RestoredRow[]> {
        try {
          return await deps.backup.insertRows(backupTable, userId, rows);
        } catch {
          const outcomes: RestoredRow[] = [];
          for (const row of rows) {
            try {
              outcomes.push(...(await deps.backup.insertRows(backupTable, userId, [row])));
            } catch {
              failRow(backupTable.name);
              outcomes.push(null);
            }
          }
          return outcomes;
        }
      }

      /** The settings, each refused value reported; keys are never among them. */
      async function restoreSettings(row: BackupRow) {
        const read = settingsOfBackup(row, archive.manifest.version);
        for (const field of await deps.restoreSettings(userId, read)) {
          reportError({ code: JOB_ERROR_CODES.backupValueInvalid, params: { field } });
        }
        results.restored.settings = 1;
      }

      async function restoreTable(backupTable: BackupTable) {
        const tableIds = new Map<number, number>();
        ids.set(backupTable.name, tableIds);
        let restored = 0;
        const flush = async (page: BackupRow[]) => {
          const ready = page.flatMap((row) => {
            const value = mapped(backupTable, row);
            return value ? [{ row, value }] : [];
          });
          const outcomes = await insertPage(
            backupTable,
            ready.map(({ value }) => value),
          );
          ready.forEach(({ row, value }, index) => {
            const outcome = outcomes[index];
            if (!outcome) return;
            if (outcome.isOverCap) {
              reportError({
                code: JOB_ERROR_CODES.dictionaryFull,
                params: { max: MAX_DICTIONARY_WORDS },
                spanish: text(value.spanish),
              });
              return;
            }
            if (outcome.id !== null && typeof row.id === 'number') tableIds.set(row.id, outcome.id);
            if (!outcome.isMerged) restored += 1;
            if (outcome.id !== null && !outcome.isMerged) {
              for (const [column, target] of Object.entries(backupTable.deferredReferences ?? {})) {
                const old = row[column];
                if (typeof old === 'number')
                  deferred.push({ table: backupTable.name, rowId: outcome.id, column, target, oldId: old });
              }
            }
            if (backupTable.name === 'words' && outcome.id !== null) recordWord(value, outcome);
          });
        };
        let page: BackupRow[] = [];
        for await (const line of archive.rows(tableEntry(backupTable))) {
          if (!('value' in line)) {
            failRow(backupTable.name, line);
            continue;
          }
          const row = rowSchema.safeParse(line.value);
          if (row.success && backupTable.name === 'settings') {
            await restoreSettings(row.data);
            continue;
          }
          const contracted = row.success ? contractOf(backupTable).safeParse(row.data) : undefined;
          if (!contracted?.success) {
            failRow(backupTable.name);
            continue;
          }
          page.push(contracted.data);
          if (page.length >= BACKUP_PAGE_ROWS) {
            await flush(page);
            page = [];
          }
        }
        await flush(page);
        if (backupTable.name !== 'settings') results.restored[backupTable.name] = restored;
      }

      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      function recordWord(value: BackupRow, outcome: { id: number | null; isMerged: boolean }) {
        const spanish = text(value.spanish) ?? '';
        // Listed up to the report's limit and counted after it, as an upload's (upload-report.ts).
        if (outcome.isMerged) {
          addLines(results, 'duplicates', [
            {
              spanish,
              newRussian: text(value.russian),
              existingRussian: null,
              existingWordId: outcome.id,
              isActive: value.isActive !== false,
              reason: { code: JOB_ERROR_CODES.wordExists },
            },
          ]);
          return;
        }
        addLines(results, 'words', [
          {
            id: outcome.id ?? 0,
            spanish,
            russian: text(value.russian) ?? '',
            example: text(value.example),
            exampleTranslation: text(value.exampleTranslation),
            cefrLevel: text(value.cefrLevel),
            partOfSpeech: text(value.partOfSpeech),
            // A restore brings the words as they were backed up: nothing is filled.
            filled: [],
          },
        ]);
      }

      async function restoreFile(name: string) {
        const bytes = await archive.readMedia(name).catch(() => undefined);
        const type = bytes ? checkedMedia(name, bytes) : undefined;
        if (!bytes || !type) {
          reportError({
            code: bytes ? JOB_ERROR_CODES.importMediaUnreadable : JOB_ERROR_CODES.importMediaMissing,
            params: { name },
          });
          return;
        }
        await deps.mediaStore.put(userId, bytes, type);
        results.mediaFiles += 1;
      }

      async function restoreMedia() {
        const { media } = archive.manifest;
        // A few files at a time: the store writes the ones that arrive together in one statement.
        for (let start = 0; start < media.length; start += MEDIA_AT_ONCE) {
          if (await context.shouldStop()) return;
          await Promise.all(media.slice(start, start + MEDIA_AT_ONCE).map(restoreFile));
        }
      }

      async function restoreWordThemes() {
        const wordIds = ids.get('words') ?? new Map<number, number>();
        let page: Array<{ wordId: number; theme: string; order: number }> = [];
        for await (const line of archive.rows(WORD_THEMES_ENTRY)) {
          if (!('value' in line)) {
            failRow('word_themes', line);
            continue;
          }
          const link = wordThemeSchema.safeParse(line.value);
          const wordId = link.success ? wordIds.get(link.data.wordId) : undefined;
          if (!link.success || wordId === undefined) continue;
          page.push({ ...link.data, wordId });
          if (page.length >= BACKUP_PAGE_ROWS) {
            await deps.backup.linkThemes(page);
            page = [];
          }
        }
        await deps.backup.linkThemes(page);
      }

      async function restoreLinks() {
        for (const link of deferred) {
          const target = ids.get(link.target)?.get(link.oldId);
          if (target !== undefined && link.table === 'audiobooks') {
            await deps.backup.setSelectedSeries(userId, link.rowId, target);
          }
        }
      }

      return {
        units,
        unitsAtOnce: 1,
        async step(unit) {
          switch (unit.kind) {
            case 'media':
              await restoreMedia();
              break;
            case 'table':
              await restoreTable(unit.table);
              break;
            case 'word_themes':
              await restoreWordThemes();
              break;
            case 'links':
              await restoreLinks();
              break;
            default: {
              const unknown: never = unit;
              throw new Error(`unknown restore unit ${JSON.stringify(unknown)}`);
            }
          }
          unitsDone += 1;
          await context.reportProgress({ processed: unitsDone }, snapshot);
        },
        async finish() {
          archive.close();
          await deps.discardImport?.(userId, context.input.fileId);
          return results;
        },
      };
    },
  };
}
