import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audioFiles } from '../../db/schema';

export interface AudioCacheKey {
  userId: string;
  text: string;
  language: string;
  voiceId: string;
  intonationStyle: string;
  speed: number;
  model: string;
}

/** One string per key, to match rows read back with the keys asked for. */
const cacheKeyId = (key: AudioCacheKey) =>
  JSON.stringify([
    key.userId,
    key.text,
    key.language,
    key.voiceId,
    key.intonationStyle,
    // A `real` column: what comes back is the nearest single-precision value.
    Math.fround(key.speed),
    key.model,
  ]);

/** The audio cache of docs/product/providers.md#audio-cache over `audio_files`. */
export function createAudioCacheRepository(db: Db) {
  const matches = (key: AudioCacheKey) =>
    and(
      eq(audioFiles.userId, key.userId),
      eq(audioFiles.text, key.text),
      eq(audioFiles.language, key.language),
      eq(audioFiles.voiceId, key.voiceId),
      eq(audioFiles.intonationStyle, key.intonationStyle),
      eq(audioFiles.speed, key.speed),
      eq(audioFiles.model, key.model),
    );

  const keyColumns = {
    userId: audioFiles.userId,
    text: audioFiles.text,
    language: audioFiles.language,
    voiceId: audioFiles.voiceId,
    intonationStyle: audioFiles.intonationStyle,
    speed: audioFiles.speed,
    model: audioFiles.model,
  };

  /** The stored clip of each key, in order (undefined where there is none), in one query. */
  async function findMany(keys: AudioCacheKey[]): Promise<Array<string | undefined>> {
    if (keys.length === 0) return [];
    const rows = await db
      .select({ ...keyColumns, audioData: audioFiles.audioData })
      .from(audioFiles)
      .where(or(...keys.map(matches)));
    const found = new Map(rows.map((row) => [cacheKeyId(row), row.audioData]));
    return keys.map((key) => found.get(cacheKeyId(key)));
  }

  return {
    findMany,

    /**
     * Keeps new clips, one statement for the batch. Another process may have stored a clip meanwhile:
     * the first one stays, and its path is the answer for that key.
     */
    async saveMany(clips: Array<{ key: AudioCacheKey; audioPath: string; wordId: number | null }>) {
      if (clips.length === 0) return [];
      const unique = [...new Map(clips.map((clip) => [cacheKeyId(clip.key), clip])).values()];
      const stored = await db
        .insert(audioFiles)
        .values(unique.map((clip) => ({ ...clip.key, audioData: clip.audioPath, wordId: clip.wordId })))
        .onConflictDoNothing()
        .returning({ ...keyColumns, audioData: audioFiles.audioData });
      const paths = new Map(stored.map((row) => [cacheKeyId(row), row.audioData]));
      const lost = clips.filter((clip) => !paths.has(cacheKeyId(clip.key)));
      const earlier = await findMany(lost.map((clip) => clip.key));
      lost.forEach((clip, index) => {
        paths.set(cacheKeyId(clip.key), earlier[index] ?? clip.audioPath);
      });
      return clips.map((clip) => paths.get(cacheKeyId(clip.key)) ?? clip.audioPath);
    },

    /** A forced regeneration: the new clip replaces whatever the key held. */
    async replace(key: AudioCacheKey, audioPath: string, wordId: number | null): Promise<string> {
      const [row] = await db
        .insert(audioFiles)
        .values({ ...key, audioData: audioPath, wordId })
        .onConflictDoUpdate({ target: Object.values(keyColumns), set: { audioData: audioPath } })
        .returning({ audioData: audioFiles.audioData });
      return row?.audioData ?? audioPath;
    },
  };
}
export type AudioCacheRepository = ReturnType<typeof createAudioCacheRepository>;
