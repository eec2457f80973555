import { and, asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { audiobooks, themes, words, wordThemes } from '../../db/schema';
import { lockRoomInDictionary } from '../words/dictionary-room';
import { linkWordThemes } from '../words/word-themes';
import type { BackupTable } from './backup-tables';

/** A row as the archive holds it: its columns by their code names, instants as ISO strings. */
export type BackupRow = Record<string, unknown>;

/**
 * What became of a backup row on restore: its new id, the account's own (merged), no room for it in the
 * dictionary (a word over the cap), or nothing (dropped).
 */
export type RestoredRow = { id: number | null; isMerged: boolean; isOverCap?: boolean } | null;

const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;
const column = (table: PgTable, name: string): PgColumn => {
  const found = columnsOf(table)[name];
  if (!found) throw new Error(`${name} is not a column`);
  return found;
};
const keyOf = (row: BackupRow, naturalKey: readonly string[]) =>
  JSON.stringify(naturalKey.map((name) => row[name] ?? null));

/** Rows per read and per insert: a few hundred keep each statement small on either engine. */
export const BACKUP_PAGE_ROWS = 500;

/**
 * The SQL of backups (docs/product/transfer.md#backup): a learner's rows of any backed-up table read page
 * by page, and written back into another account with new ids.
 */
export function createBackupRepository(db: Db) {
  return {
    /** The learner's rows after `afterId`, in id order (a table without ids: all of them at once). */
    async readPage(backupTable: BackupTable, userId: string, afterId: number): Promise<BackupRow[]> {
      const { table } = backupTable;
      const owner = eq(column(table, 'userId'), userId);
      const rows = backupTable.hasId
        ? await db
            .select()
            .from(table)
            .where(and(owner, gt(column(table, 'id'), afterId)))
            .orderBy(asc(column(table, 'id')))
            .limit(BACKUP_PAGE_ROWS)
        : await db.select().from(table).where(owner);
      const dropped = new Set(['userId', ...(backupTable.omitted ?? [])]);
      return (rows as BackupRow[]).map((row) =>
        Object.fromEntries(Object.entries(row).filter(([name]) => !dropped.has(name))),
      );
    },

    /** The learner's word-theme links, by theme name, for words after `afterWordId`. */
    async readWordThemes(userId: string, afterWordId: number) {
      return db
        .select({ wordId: wordThemes.wordId, theme: themes.name, order: wordThemes.order })
        .from(wordThemes)
        .innerJoin(words, eq(words.id, wordThemes.wordId))
        .innerJoin(themes, eq(themes.id, wordThemes.themeId))
        .where(and(eq(words.userId, userId), gt(wordThemes.wordId, afterWordId)))
        .orderBy(asc(wordThemes.wordId))
        .limit(BACKUP_PAGE_ROWS);
    },

    /**
     * Inserts rows (their references already mapped, ids left out) for the learner; answers, per row, its new
     * id, or the id of the account's own row with the same natural key (merged), in the rows' order.
     */
    async insertRows(
      backupTable: BackupTable,
      userId: string,
      rows: readonly BackupRow[],
    ): Promise<RestoredRow[]> {
      if (rows.length === 0) return [];
      const { table } = backupTable;
      const columns = columnsOf(table);
      // Instants travel as text: back to dates for the driver.
      const values = rows.map((row) => {
        const value: BackupRow = { ...row, userId };
        for (const [name, item] of Object.entries(value)) {
          if (typeof item === 'string' && columns[name]?.columnType === 'PgTimestamp')
            value[name] = new Date(item);
        }
        return value;
      });
      if (backupTable.isSingleRow) {
        for (const value of values) {
          const { userId: _owner, ...changes } = value;
          await db
            .insert(table)
            .values(value as never)
            .onConflictDoUpdate({ target: column(table, 'userId'), set: changes });
        }
        return rows.map(() => ({ id: null, isMerged: false }));
      }
      // Words count against the learner's dictionary cap: added under its lock, as an upload's are.
      if (backupTable.name === 'words') {
        return db.transaction(async (tx) =>
          insertKeyed(tx, backupTable, userId, values, await lockRoomInDictionary(tx, userId)),
        );
      }
      return insertKeyed(db, backupTable, userId, values, Number.POSITIVE_INFINITY);
    },

    /** Links restored words to their themes by name, adding a theme the catalogue lacks. */
    linkThemes: (links: ReadonlyArray<{ wordId: number; theme: string; order: number }>) =>
      linkWordThemes(db, links),

    /** Sets a book's chosen picture series once the series exist. */
    async setSelectedSeries(userId: string, audiobookId: number, seriesId: number) {
      await db
        .update(audiobooks)
        // The book's own `updatedAt` stays as the backup had it.
        .set({ selectedImageSeriesId: seriesId, updatedAt: sql`${audiobooks.updatedAt}` })
        .where(and(eq(audiobooks.id, audiobookId), eq(audiobooks.userId, userId)));
    },
  };
}
export type BackupRepository = ReturnType<typeof createBackupRepository>;

/**
 * Inserts rows that have a natural key (docs/product/transfer.md#backup): a row whose key the account has
 * already is merged into the account's, the first `room` new ones are inserted, and any beyond are over the
 * dictionary's cap.
 */
async function insertKeyed(
  executor: Pick<Db, 'select' | 'insert'>,
  backupTable: BackupTable,
  userId: string,
  values: readonly BackupRow[],
  room: number,
): Promise<RestoredRow[]> {
  const { table, naturalKey } = backupTable;
  const returning: Record<string, PgColumn> = {};
  if (backupTable.hasId) returning.id = column(table, 'id');
  for (const name of naturalKey) returning[name] = column(table, name);
  // The account's rows with the same natural keys: kept, and the backup's ids mapped to them.
  const matches = values.map(
    (value) =>
      sql`(${sql.join(
        naturalKey.map((name) => sql`${column(table, name)} is not distinct from ${value[name] ?? null}`),
        sql` and `,
      )})`,
  );
  const existingRows = (await executor
    .select(returning)
    .from(table)
    // The alternatives in parentheses: the learner's condition must hold for every one of them.
    .where(and(eq(column(table, 'userId'), userId), sql`(${sql.join(matches, sql` or `)})`))) as BackupRow[];
  const existingByKey = new Map(existingRows.map((row) => [keyOf(row, naturalKey), row]));
  const fresh = new Map<string, BackupRow>();
  const overCap = new Set<string>();
  for (const value of values) {
    const key = keyOf(value, naturalKey);
    if (existingByKey.has(key) || fresh.has(key)) continue;
    if (fresh.size < room) fresh.set(key, value);
    else overCap.add(key);
  }
  const inserted =
    fresh.size === 0
      ? []
      : ((await executor
          .insert(table)
          .values([...fresh.values()] as never)
          .onConflictDoNothing()
          .returning(returning)) as BackupRow[]);
  const insertedByKey = new Map(inserted.map((row) => [keyOf(row, naturalKey), row]));
  return values.map((value) => {
    const key = keyOf(value, naturalKey);
    const own = insertedByKey.get(key);
    if (own) return { id: backupTable.hasId ? Number(own.id) : null, isMerged: false };
    if (overCap.has(key)) return { id: null, isMerged: false, isOverCap: true };
    const existing = existingByKey.get(key);
    // A row of the same key inserted by another request meanwhile is neither: left out.
    return existing ? { id: backupTable.hasId ? Number(existing.id) : null, isMerged: true } : null;
  });
}
