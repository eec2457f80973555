import { and, eq } from 'drizzle-orm';
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

/** The audio cache of DESIGN D9 over `audio_files`. */
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

  return {
    async find(key: AudioCacheKey): Promise<string | undefined> {
      const [row] = await db
        .select({ audioData: audioFiles.audioData })
        .from(audioFiles)
        .where(matches(key))
        .limit(1);
      return row?.audioData;
    },

    /**
     * Another process may have stored the same clip meanwhile: the first one stays, unless this clip
     * replaces it on purpose (a forced regeneration).
     */
    async save(
      key: AudioCacheKey,
      audioPath: string,
      wordId: number | null,
      isReplacing = false,
    ): Promise<string> {
      const insert = db.insert(audioFiles).values({ ...key, audioData: audioPath, wordId });
      const stored = await (
        isReplacing
          ? insert.onConflictDoUpdate({
              target: [
                audioFiles.userId,
                audioFiles.text,
                audioFiles.language,
                audioFiles.voiceId,
                audioFiles.intonationStyle,
                audioFiles.speed,
                audioFiles.model,
              ],
              set: { audioData: audioPath },
            })
          : insert.onConflictDoNothing()
      ).returning({ audioData: audioFiles.audioData });
      if (stored[0]) return stored[0].audioData;
      const [row] = await db
        .select({ audioData: audioFiles.audioData })
        .from(audioFiles)
        .where(matches(key))
        .limit(1);
      return row?.audioData ?? audioPath;
    },
  };
}
export type AudioCacheRepository = ReturnType<typeof createAudioCacheRepository>;
