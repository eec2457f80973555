import { JOB_KINDS, type NoInput, noInputSchema } from '../../shared/api/jobs';
import {
  EXPORT_LIFETIME_MS,
  exportDownloadPath,
  type ExportResults,
  exportResultsSchema,
} from '../../shared/api/transfer';
import type { MediaStore } from '../media/media-store';
import { parseMediaPath } from '../media/media-store';
import {
  BACKUP_MANIFEST,
  BACKUP_TABLES,
  type BackupManifest,
  BACKUP_VERSION,
  type BackupTable,
  tableEntry,
  WORD_THEMES_ENTRY,
} from '../modules/transfer/backup-tables';
import type { BackupRepository } from '../modules/transfer/backup.repository';
import type { TransferRepository } from '../modules/transfer/transfer.repository';
import { createChunkedZipWriter } from '../modules/transfer/zip-writer';
import { MAX_CHUNK_BYTES } from '../modules/transfer/chunk-sink';
import { jobData } from './job-data';
import type { JobDefinition } from './job-runtime';

export const EXPORT_BACKUP_JOB = JOB_KINDS.exportBackup;

/** Media files fetched between two progress reports. */
const MEDIA_PER_REPORT = 200;

const inputSchema = noInputSchema;
type ExportBackupInput = NoInput;

type Unit = { kind: 'table'; table: BackupTable } | { kind: 'word_themes' } | { kind: 'media' };

/**
 * A full backup of everything the learner owns (docs/product/transfer.md#backup): each table as JSON lines,
 * read page by page while the archive writes it, the word-theme links by name, then every media file the
 * rows name, once each, fetched as the archive reaches it; the manifest last. Keys are never in it. One
 * pass: an interrupted backup starts again.
 */
export function createExportBackupJob(deps: {
  transfer: TransferRepository;
  backup: BackupRepository;
  mediaStore: Pick<MediaStore, 'findReadable'>;
  now?: () => Date;
}): JobDefinition<ExportBackupInput, ExportResults, ExportResults, Unit> {
  const now = deps.now ?? (() => new Date());
  return {
    kind: EXPORT_BACKUP_JOB,
    input: jobData(`${EXPORT_BACKUP_JOB} input`, inputSchema),
    checkpoint: jobData(`${EXPORT_BACKUP_JOB} checkpoint`, exportResultsSchema),
    results: jobData(`${EXPORT_BACKUP_JOB} results`, exportResultsSchema),
    async plan(context) {
      const { userId } = context;
      const startedAt = now();
      const expiresAt = new Date(startedAt.getTime() + EXPORT_LIFETIME_MS);
      const fileName = `palabra-backup-${startedAt.toISOString().slice(0, 10)}.zip`;
      const fileId = await deps.transfer.createFile({
        userId,
        format: 'backup',
        fileName,
        contentType: 'application/zip',
        expiresAt,
      });
      let state: ExportResults = {
        format: 'backup',
        fileId,
        fileName,
        words: 0,
        byteSize: 0,
        downloadUrl: null,
        expiresAt: expiresAt.toISOString(),
      };
      const snapshot = () => state;
      const zip = createChunkedZipWriter(
        MAX_CHUNK_BYTES,
        (index, chunk) => deps.transfer.writeChunks(fileId, index, [chunk]),
        startedAt,
      );
      const rowCounts: Record<string, number> = {};
      /** `/media/…` paths the rows name, as archive names. */
      const media = new Map<string, string>();
      const units: Unit[] = [
        ...BACKUP_TABLES.map((table) => ({ kind: 'table', table }) as const),
        { kind: 'word_themes' },
        { kind: 'media' },
      ];
      let unitsDone = 0;
      await context.reportProgress({ total: units.length, processed: 0, stage: 'backup' }, snapshot);

      const jsonLines = (rows: readonly object[]) =>
        Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join(''), 'utf8');

      async function* tablePages(table: BackupTable) {
        let afterId = 0;
        for (;;) {
          const rows = await deps.backup.readPage(table, userId, afterId);
          rowCounts[table.name] = (rowCounts[table.name] ?? 0) + rows.length;
          for (const row of rows) {
            for (const name of table.mediaColumns) {
              const value = row[name];
              const stored = typeof value === 'string' ? parseMediaPath(value) : undefined;
              if (stored) media.set(`${stored.sha256}.${stored.extension}`, stored.sha256);
            }
          }
          if (rows.length > 0) yield jsonLines(rows);
          const last = rows.at(-1);
          if (!table.hasId || !last) return;
          afterId = Number(last.id);
        }
      }

      async function* wordThemePages() {
        let afterWordId = 0;
        for (;;) {
          const links = await deps.backup.readWordThemes(userId, afterWordId);
          rowCounts.word_themes = (rowCounts.word_themes ?? 0) + links.length;
          if (links.length > 0) yield jsonLines(links);
          const last = links.at(-1);
          if (!last) return;
          afterWordId = last.wordId;
        }
      }

      return {
        units,
        unitsAtOnce: 1,
        async step(unit) {
          switch (unit.kind) {
            case 'table':
              await zip.addStream(tableEntry(unit.table), () => tablePages(unit.table));
              if (unit.table.name === 'words') state = { ...state, words: rowCounts.words ?? 0 };
              break;
            case 'word_themes':
              await zip.addStream(WORD_THEMES_ENTRY, wordThemePages);
              break;
            case 'media': {
              const names = [...media.keys()];
              for (let start = 0; start < names.length; start += MEDIA_PER_REPORT) {
                if (await context.shouldStop()) return;
                await Promise.all(
                  names.slice(start, start + MEDIA_PER_REPORT).map((name) =>
                    zip.addLater(`media/${name}`, async () => {
                      const sha256 = media.get(name) ?? '';
                      return (await deps.mediaStore.findReadable(sha256, userId))?.data;
                    }),
                  ),
                );
              }
              break;
            }
            default: {
              const unknown: never = unit;
              throw new Error(`unknown backup unit ${JSON.stringify(unknown)}`);
            }
          }
          unitsDone += 1;
          await context.reportProgress({ processed: unitsDone }, snapshot);
        },
        async finish({ isCancelled }) {
          if (isCancelled) return { ...state, downloadUrl: null };
          const manifest: BackupManifest = {
            app: 'palabra',
            version: BACKUP_VERSION,
            createdAt: startedAt.toISOString(),
            rows: rowCounts,
            media: [...media.keys()],
          };
          zip.addBuffer(BACKUP_MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'), {
            compress: true,
          });
          await zip.end();
          const byteSize = await deps.transfer.completeFile(fileId);
          return { ...state, byteSize, downloadUrl: exportDownloadPath(fileId) };
        },
      };
    },
  };
}
