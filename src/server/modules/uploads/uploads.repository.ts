import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { generatedImages, themes, uploadJobs, words, wordThemes } from '../../db/schema';

export interface NewWord {
  spanish: string;
  russian: string;
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

export function createUploadsRepository(db: Db) {
  return {
    /**
     * The learner's words among these duplicate keys (docs/product/upload.md#duplicate-key), deleted ones
     * excluded.
     */
    async findByDuplicateKeys(userId: string, keys: string[]) {
      if (keys.length === 0) return [];
      return db
        .select({
          id: words.id,
          duplicateKey: words.duplicateKey,
          russian: words.russian,
          isActive: words.isActive,
        })
        .from(words)
        .where(and(eq(words.userId, userId), inArray(words.duplicateKey, keys), eq(words.isDeleted, false)));
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
      chunk: NewWord[],
      checkpoint: { jobId: string; resultsAfter: (ids: Map<string, number>) => unknown },
    ): Promise<Map<string, number>> {
      if (chunk.length === 0) return new Map();
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(words)
          .values(
            chunk.map(({ imageStyleId: _id, imageFormat: _format, ...word }) => ({
              ...word,
              userId,
            })),
          )
          .onConflictDoNothing({ target: [words.userId, words.duplicateKey] })
          .returning({ id: words.id, duplicateKey: words.duplicateKey });
        const ids = new Map(inserted.map((row) => [row.duplicateKey, row.id]));

        const themeNames = [
          ...new Set(chunk.flatMap((word) => (word.themeCategory ? [word.themeCategory] : []))),
        ];
        if (themeNames.length > 0) {
          await tx
            .insert(themes)
            .values(themeNames.map((name) => ({ name })))
            .onConflictDoNothing({ target: themes.name });
          const themeRows = await tx.select().from(themes).where(inArray(themes.name, themeNames));
          const themeIds = new Map(themeRows.map((row) => [row.name, row.id]));
          const links = chunk.flatMap((word) => {
            const wordId = ids.get(word.duplicateKey);
            const themeId = word.themeCategory ? themeIds.get(word.themeCategory) : undefined;
            return wordId && themeId ? [{ wordId, themeId }] : [];
          });
          if (links.length > 0) await tx.insert(wordThemes).values(links).onConflictDoNothing();
        }

        const pictures = chunk.flatMap((word) => {
          const wordId = ids.get(word.duplicateKey);
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
        await tx
          .update(uploadJobs)
          .set({ results: checkpoint.resultsAfter(ids) })
          .where(and(eq(uploadJobs.id, checkpoint.jobId), eq(uploadJobs.userId, userId)));
        return ids;
      });
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
