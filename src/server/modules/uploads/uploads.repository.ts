import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { UploadFill } from '../../../shared/api/uploads';
import type { Db } from '../../db/client';
import { generatedImages, jobsTable, uploadJobWords, words } from '../../db/schema';
import { lockRoomInDictionary } from '../words/dictionary-room';
import { linkWordThemes } from '../words/word-themes';

export interface NewWord {
  spanish: string;
  russian: string;
  /** Kept without a translation (docs/product/upload.md#spanish-only-lines): `russian` is empty. */
  needsTranslation: boolean;
  duplicateKey: string;
  example: string | null;
  exampleTranslation: string | null;
  highlightedSpanishWord: string | null;
  highlightedRussianWord: string | null;
  partOfSpeech: string | null;
  cefrLevel: string | null;
  themeCategory: string | null;
  imageUrl: string | null;
  imageStyle: string | null;
  imageStyleId: number | null;
  imageFormat: string | null;
  audioData: string | null;
  russianAudioData: string | null;
  secondVoiceAudioData: string | null;
}

/** What an import may change on a word it updates: every field but the Spanish it was matched by. */
const UPDATABLE_FIELDS = [
  'russian',
  'example',
  'exampleTranslation',
  'partOfSpeech',
  'cefrLevel',
  'themeCategory',
  'imageUrl',
  'audioData',
  'russianAudioData',
  'secondVoiceAudioData',
] as const satisfies ReadonlyArray<keyof NewWord>;

/** A word already in the dictionary, as an upload's duplicates report names it. */
const existingWordColumns = {
  id: words.id,
  duplicateKey: words.duplicateKey,
  russian: words.russian,
  isActive: words.isActive,
};
export type ExistingWord = { id: number; duplicateKey: string; russian: string; isActive: boolean };
/** Duplicate keys looked up by one query. */
const KEYS_PER_QUERY = 1_000;

/** The job's lease passed to another instance while a chunk was being saved: nothing of it was written. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is no longer held by this instance`);
    this.name = 'LeaseLostError';
  }
}

export function createUploadsRepository(db: Db) {
  return {
    /**
     * The learner's words among these duplicate keys (docs/product/upload.md#duplicate-key), deleted ones
     * excluded. Asked a page of keys at a time: building one query of an import's 20,000 keys held the event
     * loop for a sixth of a second.
     */
    async findByDuplicateKeys(userId: string, keys: readonly string[]) {
      const found: ExistingWord[] = [];
      for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
        const page = keys.slice(start, start + KEYS_PER_QUERY);
        found.push(
          ...(await db
            .select(existingWordColumns)
            .from(words)
            .where(
              and(eq(words.userId, userId), inArray(words.duplicateKey, page), eq(words.isDeleted, false)),
            )),
        );
      }
      return found;
    },

    /**
     * The words this job added (docs/product/upload.md#idempotence), in their lines' order, as the report
     * lists them; a word deleted since is left out.
     */
    async wordsOfJob(userId: string, jobId: string, limit?: number) {
      const ofJob = and(eq(uploadJobWords.jobId, jobId), eq(words.userId, userId));
      const listed = db
        .select({
          id: words.id,
          duplicateKey: words.duplicateKey,
          spanish: words.spanish,
          russian: words.russian,
          example: words.example,
          exampleTranslation: words.exampleTranslation,
          cefrLevel: words.cefrLevel,
          partOfSpeech: words.partOfSpeech,
          filled: uploadJobWords.filled,
        })
        .from(uploadJobWords)
        .innerJoin(words, eq(words.id, uploadJobWords.wordId))
        .where(ofJob)
        .orderBy(asc(uploadJobWords.lineNumber));
      const [rows, [counted]] = await Promise.all([
        limit === undefined ? listed : listed.limit(limit),
        db
          .select({ total: count() })
          .from(uploadJobWords)
          .innerJoin(words, eq(words.id, uploadJobWords.wordId))
          .where(ofJob),
      ]);
      return {
        words: rows.map(({ filled, ...word }) => ({ ...word, filled: filled ?? [] })),
        total: counted?.total ?? 0,
      };
    },

    /**
     * Saves a chunk in one transaction: the words (a word already there — an earlier run of the same job —
     * is skipped, which makes a resumed job add nothing twice), their themes and their pictures' library rows.
     * Answers the ids by duplicate key of the words this call inserted.
     *
     * The job's checkpoint is written in the same transaction, so a crash can never leave words saved
     * that the resumed job does not know it saved (and would report as duplicates of themselves).
     */
    async saveChunk(
      userId: string,
      chunk: ReadonlyArray<NewWord & { lineNumber: number; filled?: UploadFill[] }>,
      checkpoint: {
        jobId: string;
        /** The instance running the job: the chunk is saved only while it holds the job's lease. */
        ownerInstanceId: string;
        /**
         * The checkpoint to write, from what became of the chunk's words: the ids of those inserted, the
         * words already there for those another upload of the learner's inserted first, and the keys of
         * those the dictionary had no room for (docs/product/upload.md#dictionary-cap).
         */
        resultsAfter: (saved: {
          ids: Map<string, number>;
          existing: Map<string, ExistingWord>;
          overCap: ReadonlySet<string>;
        }) => unknown;
        /**
         * Words already in the dictionary that take an import's fields (docs/product/transfer.md#imports):
         * each field the file filled replaces the word's, the rest stay.
         */
        updates?: ReadonlyArray<NewWord & { existingWordId: number }>;
      },
    ): Promise<Map<string, number>> {
      const updates = checkpoint.updates ?? [];
      if (chunk.length === 0 && updates.length === 0) return new Map();
      return db.transaction(async (tx) => {
        const room = chunk.length === 0 ? 0 : await lockRoomInDictionary(tx, userId);
        const overCap = new Set(chunk.slice(room).map((word) => word.duplicateKey));
        const admitted = chunk.slice(0, room);
        for (const update of updates) {
          const changed = Object.fromEntries(
            UPDATABLE_FIELDS.flatMap((field) => (update[field] ? [[field, update[field]]] : [])),
          );
          if (Object.keys(changed).length === 0) continue;
          await tx
            .update(words)
            // A translation the file brings is the one the word was waiting for.
            .set(update.russian ? { ...changed, needsTranslation: false } : changed)
            .where(
              and(eq(words.id, update.existingWordId), eq(words.userId, userId), eq(words.isDeleted, false)),
            );
        }
        const inserted =
          admitted.length === 0
            ? []
            : await tx
                .insert(words)
                .values(
                  admitted.map(
                    ({
                      imageStyleId: _id,
                      imageFormat: _format,
                      lineNumber: _line,
                      filled: _filled,
                      ...word
                    }) => ({
                      ...word,
                      userId,
                    }),
                  ),
                )
                .onConflictDoNothing({ target: [words.userId, words.duplicateKey] })
                .returning({ id: words.id, duplicateKey: words.duplicateKey });
        const ids = new Map(inserted.map((row) => [row.duplicateKey, row.id]));
        // The job's own list of the words it added: appended, never rewritten (docs/product/upload.md#idempotence).
        const added = admitted.flatMap((word) => {
          const wordId = ids.get(word.duplicateKey);
          return wordId === undefined
            ? []
            : [
                {
                  jobId: checkpoint.jobId,
                  wordId,
                  lineNumber: word.lineNumber,
                  filled: word.filled?.length ? word.filled : null,
                },
              ];
        });
        if (added.length > 0) await tx.insert(uploadJobWords).values(added).onConflictDoNothing();
        const conflicted = admitted.flatMap((word) =>
          ids.has(word.duplicateKey) ? [] : [word.duplicateKey],
        );
        const existing = new Map(
          conflicted.length === 0
            ? []
            : (
                await tx
                  .select(existingWordColumns)
                  .from(words)
                  .where(and(eq(words.userId, userId), inArray(words.duplicateKey, conflicted)))
              ).map((row) => [row.duplicateKey, row]),
        );
        // Themes and pictures link to new and updated words alike.
        const linked = new Map([
          ...ids,
          ...updates.map((update) => [update.duplicateKey, update.existingWordId] as const),
        ]);

        await linkWordThemes(
          tx,
          [...chunk, ...updates].flatMap((word) => {
            const wordId = linked.get(word.duplicateKey);
            return wordId && word.themeCategory ? [{ wordId, theme: word.themeCategory }] : [];
          }),
        );

        const pictures = [...chunk, ...updates].flatMap((word) => {
          const wordId = linked.get(word.duplicateKey);
          return wordId && word.imageUrl
            ? [
                {
                  userId,
                  wordId,
                  imageUrl: word.imageUrl,
                  styleId: word.imageStyleId,
                  styleName: word.imageStyle,
                  imageFormat: word.imageFormat,
                },
              ]
            : [];
        });
        if (pictures.length > 0) await tx.insert(generatedImages).values(pictures);
        const held = await tx
          .update(jobsTable)
          .set({ results: checkpoint.resultsAfter({ ids, existing, overCap }) })
          .where(
            and(
              eq(jobsTable.id, checkpoint.jobId),
              eq(jobsTable.userId, userId),
              eq(jobsTable.ownerInstanceId, checkpoint.ownerInstanceId),
            ),
          )
          .returning({ id: jobsTable.id });
        // A run that lost its lease (docs/product/jobs.md#crashed-jobs) saves nothing: the instance that took
        // the job over does this chunk again, and it must not find the words saved by a stale checkpoint.
        if (held.length === 0) throw new LeaseLostError(checkpoint.jobId);
        return ids;
      });
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
