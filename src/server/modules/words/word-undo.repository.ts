import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { wordUndoSnapshots } from '../../db/schema';

/** A change made with its undo token; `count` words changed. */
export interface UndoableChange {
  undoToken: string;
  count: number;
}

/**
 * Changes the learner may take back, and the taking back (docs/product/decisions.md#undo-snapshots): each
 * change writes what it overwrote in the same statement, so an undo restores exactly those values.
 */
export function createWordUndoRepository(db: Db) {
  /** Snapshots past their time go whenever a new one is written, so the table holds only live ones. */
  const purgeExpired = (now: Date) =>
    db.delete(wordUndoSnapshots).where(lt(wordUndoSnapshots.expiresAt, now));

  return {
    /** Every live word's attempts and listen count back to 0, with a snapshot of the words that had any. */
    async resetListenCounts(userId: string, now: Date, expiresAt: Date): Promise<UndoableChange> {
      await purgeExpired(now);
      const result = await db.execute(sql`
        with old as (
          select id, attempts, listen_count from words
          where user_id = ${userId} and not is_deleted and (attempts <> 0 or listen_count <> 0)
          for update
        ), changed as (
          update words set attempts = 0, listen_count = 0 from old where words.id = old.id
          returning old.id, old.attempts, old.listen_count
        )
        insert into word_undo_snapshots (user_id, kind, snapshot, word_count, expires_at)
        select ${userId}, 'listen_counts',
          coalesce(jsonb_agg(jsonb_build_object(
            'id', id, 'attempts', attempts, 'listenCount', listen_count)), '[]'::jsonb),
          count(*), ${expiresAt.toISOString()}::timestamptz
        from changed
        returning id, word_count`);
      const [row] = rowsOf<{ id: string; word_count: number | string }>(result);
      if (!row) throw new Error('the listen-count snapshot was not written');
      return { undoToken: row.id, count: Number(row.word_count) };
    },

    /**
     * Hides one live word from Learn (`isHidden`), keeping every study field as it was before: the active
     * flag, the disabled date and the spaced-repetition state. Null when the word is not the learner's.
     */
    async hideWord(
      userId: string,
      wordId: number,
      now: Date,
      expiresAt: Date,
    ): Promise<UndoableChange | null> {
      await purgeExpired(now);
      const result = await db.execute(sql`
        with old as (
          select id, is_active, is_hidden, disabled_at, is_spaced_repetition_active, spaced_repetition_day,
            last_spaced_repetition_at
          from words where id = ${wordId} and user_id = ${userId} and not is_deleted
          for update
        ), changed as (
          update words set is_hidden = true from old where words.id = old.id
          returning old.*
        )
        insert into word_undo_snapshots (user_id, kind, snapshot, word_count, expires_at)
        select ${userId}, 'hide', jsonb_build_array(jsonb_build_object(
            'id', id, 'isActive', is_active, 'isHidden', is_hidden, 'disabledAt', disabled_at,
            'isSpacedRepetitionActive', is_spaced_repetition_active,
            'spacedRepetitionDay', spaced_repetition_day,
            'lastSpacedRepetitionAt', last_spaced_repetition_at)),
          1, ${expiresAt.toISOString()}::timestamptz
        from changed
        returning id`);
      const [row] = rowsOf<{ id: string }>(result);
      return row ? { undoToken: row.id, count: 1 } : null;
    },

    /**
     * Restores what the change of this token overwrote, once: a repeated undo restores nothing more and
     * answers the same count. Null for a token that is not this learner's or has expired.
     */
    async undo(userId: string, token: string, now: Date): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [snapshot] = await tx
          .select({
            kind: wordUndoSnapshots.kind,
            wordCount: wordUndoSnapshots.wordCount,
            undoneAt: wordUndoSnapshots.undoneAt,
          })
          .from(wordUndoSnapshots)
          .where(
            and(
              eq(wordUndoSnapshots.id, token),
              eq(wordUndoSnapshots.userId, userId),
              sql`${wordUndoSnapshots.expiresAt} > ${now.toISOString()}::timestamptz`,
            ),
          )
          // Two undos at once: the second waits here and then sees the first one's `undoneAt`.
          .for('update');
        if (!snapshot) return null;
        if (snapshot.undoneAt) return snapshot.wordCount;
        await tx.execute(
          snapshot.kind === 'listen_counts' ? restoreListenCounts(userId, token) : restoreHide(userId, token),
        );
        await tx.update(wordUndoSnapshots).set({ undoneAt: now }).where(eq(wordUndoSnapshots.id, token));
        return snapshot.wordCount;
      });
    },
  };
}
export type WordUndoRepository = ReturnType<typeof createWordUndoRepository>;

// A word deleted since the change is left deleted: the restore matches live words only.
const restoreListenCounts = (userId: string, token: string) => sql`
  update words set attempts = old.attempts, listen_count = old."listenCount"
  from word_undo_snapshots snapshot,
    jsonb_to_recordset(snapshot.snapshot) as old(id integer, attempts integer, "listenCount" integer)
  where snapshot.id = ${token} and words.id = old.id and words.user_id = ${userId} and not words.is_deleted`;

const restoreHide = (userId: string, token: string) => sql`
  update words set is_active = old."isActive", is_hidden = old."isHidden", disabled_at = old."disabledAt",
    is_spaced_repetition_active = old."isSpacedRepetitionActive",
    spaced_repetition_day = old."spacedRepetitionDay",
    last_spaced_repetition_at = old."lastSpacedRepetitionAt"
  from word_undo_snapshots snapshot,
    jsonb_to_recordset(snapshot.snapshot) as old(id integer, "isActive" boolean, "isHidden" boolean,
      "disabledAt" timestamptz, "isSpacedRepetitionActive" boolean, "spacedRepetitionDay" integer,
      "lastSpacedRepetitionAt" timestamptz)
  where snapshot.id = ${token} and words.id = old.id and words.user_id = ${userId} and not words.is_deleted`;
