import { and, count, desc, eq, gt, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raisedCount } from '../../db/counters';
import { learningSessions, userProgress, words } from '../../db/schema';
import { recordStudy } from '../progress/study-activity.repository';
import { liveWordOf, liveWordsOf } from '../words/word-scope';
import type { CardAudio } from '../../../shared/api/learn';
import { CARD_AUDIO_SLOTS } from '../enrichment/card-audio.step';

const clipColumns = {
  audioData: words.audioData,
  russianAudioData: words.russianAudioData,
  secondVoiceAudioData: words.secondVoiceAudioData,
};

/** What a card shows and speaks: its texts, picture and clips. */
const cardColumns = {
  id: words.id,
  spanish: words.spanish,
  russian: words.russian,
  example: words.example,
  exampleTranslation: words.exampleTranslation,
  imageUrl: words.imageUrl,
  ...clipColumns,
};

type ClipChanges = { [Slot in keyof CardAudio]?: string | null | SQL };

const spacedRepetitionColumns = {
  isSpacedRepetitionActive: words.isSpacedRepetitionActive,
  spacedRepetitionDay: words.spacedRepetitionDay,
  lastSpacedRepetitionAt: words.lastSpacedRepetitionAt,
};

/** One play of a card, as the Learn screen reports it. */
export interface Play {
  listenCount: number;
  at: Date;
  /** The learner's date at `at`, `YYYY-MM-DD`, in their time zone. */
  day: string;
  /** A learning session last active at or after this instant is still open and takes the play. */
  sessionOpenSince: Date;
  /**
   * The time since the learner's previous play is study time when at most this long
   * (docs/product/progress.md#study-time); a longer pause counts nothing.
   */
  maxStudyGapMs: number;
}

export interface SpacedRepetitionStep {
  spacedRepetitionDay: number;
  lastSpacedRepetitionAt: Date;
  isSpacedRepetitionActive: boolean;
}

/** The Learn screen's queries: a card's clips and picture, its plays, its spaced-repetition step. */
export function createLearnRepository(db: Db) {
  return {
    async findCard(userId: string, wordId: number) {
      const [row] = await db.select(cardColumns).from(words).where(liveWordOf(userId, wordId)).limit(1);
      return row;
    },

    /**
     * A page of the learner's words that lack one of their clips (null or empty), as cards, oldest first,
     * after the word `afterId`: the built-in clips job's work
     * (docs/product/upload.md#built-in-clips-on-demand), read a page at a time.
     */
    async listCardsMissingClips(userId: string, page: { afterId: number; limit: number }) {
      const isMissing = (column: (typeof clipColumns)[keyof typeof clipColumns]) =>
        or(isNull(column), eq(column, ''));
      return db
        .select(cardColumns)
        .from(words)
        .where(
          and(
            liveWordsOf(userId),
            gt(words.id, page.afterId),
            or(...Object.values(clipColumns).map(isMissing)),
          ),
        )
        .orderBy(words.id)
        .limit(page.limit);
    },

    async findSpacedRepetition(userId: string, wordId: number) {
      const [row] = await db
        .select(spacedRepetitionColumns)
        .from(words)
        .where(liveWordOf(userId, wordId))
        .limit(1);
      return row;
    },

    /**
     * Stores clips only where the word has none: a clip another request stored meanwhile is kept, so
     * the card never switches voices under the player. Answers the word's clips, or undefined when the
     * word is not this learner's.
     */
    async fillMissingClips(userId: string, wordId: number, clips: Partial<CardAudio>) {
      const changes: ClipChanges = {};
      for (const slot of CARD_AUDIO_SLOTS) {
        const path = clips[slot];
        if (path) changes[slot] = sql`coalesce(nullif(${clipColumns[slot]}, ''), ${path})`;
      }
      return updateClips(userId, wordId, changes);
    },

    /** Sets the given clips (null clears one); answers the word's clips, undefined when not the learner's. */
    setClips: (userId: string, wordId: number, clips: Partial<CardAudio>) =>
      updateClips(userId, wordId, clips),

    /**
     * Stores a play and the study activity it is, together: the word's listen count (and, for a hidden
     * word, its disabled-use count), the learner's open learning session (extended, or a new one), the
     * progress row, and the day's activity (docs/product/progress.md#daily-activity): the word among the
     * day's studied words, the play and the study time since the previous play. Answers the word's
     * counters, undefined when the word is not this learner's.
     */
    async recordPlay(userId: string, wordId: number, play: Play) {
      return db.transaction(async (tx) => {
        const [counters] = await tx
          .update(words)
          .set({
            attempts: play.listenCount,
            listenCount: play.listenCount,
            // Decided by the row as it is when written, so a hide arriving at the same time is not missed.
            disabledUsageCount: raisedCount(
              words.disabledUsageCount,
              sql`case when ${words.isHidden} or not ${words.isActive} then 1 else 0 end`,
            ),
          })
          .where(liveWordOf(userId, wordId))
          .returning({
            attempts: words.attempts,
            listenCount: words.listenCount,
            disabledUsageCount: words.disabledUsageCount,
          });
        if (!counters) return undefined;

        // The progress row is written before the sessions are read: its row lock queues the learner's
        // concurrent plays, so two of them never both open a new session.
        await tx
          .insert(userProgress)
          .values({ userId, lastStudyDate: play.at, sessionListenCount: 1 })
          .onConflictDoUpdate({
            target: userProgress.userId,
            set: {
              lastStudyDate: play.at,
              sessionListenCount: raisedCount(userProgress.sessionListenCount, 1),
            },
          });

        // The latest session active lately: it takes the play when still open, and its last play starts
        // the study time counted for this one (even across the learner's midnight, which closes it).
        const lastActive =
          sql<Date>`coalesce(${learningSessions.endTime}, ${learningSessions.startTime})`.mapWith(
            learningSessions.startTime,
          );
        const recentSince = new Date(
          Math.min(play.sessionOpenSince.getTime(), play.at.getTime() - play.maxStudyGapMs),
        );
        const [latest] = await tx
          .select({ id: learningSessions.id, startTime: learningSessions.startTime, lastActive })
          .from(learningSessions)
          .where(
            and(
              eq(learningSessions.userId, userId),
              or(
                gte(learningSessions.endTime, recentSince),
                and(isNull(learningSessions.endTime), gte(learningSessions.startTime, recentSince)),
              ),
            ),
          )
          .orderBy(desc(lastActive), desc(learningSessions.id))
          .limit(1);
        const open = latest && latest.lastActive >= play.sessionOpenSince ? latest : undefined;
        const gapMs = latest ? play.at.getTime() - latest.lastActive.getTime() : Infinity;
        const secondsStudied = gapMs >= 0 && gapMs <= play.maxStudyGapMs ? Math.round(gapMs / 1000) : 0;
        await recordStudy(tx, userId, { wordId, day: play.day, secondsStudied, source: 'play' });
        if (open) {
          await tx
            .update(learningSessions)
            .set({
              endTime: play.at,
              wordsStudied: raisedCount(learningSessions.wordsStudied, 1),
              totalTime: Math.max(0, Math.round((play.at.getTime() - open.startTime.getTime()) / 1000)),
            })
            .where(eq(learningSessions.id, open.id));
        } else {
          await tx
            .insert(learningSessions)
            .values({ userId, startTime: play.at, endTime: play.at, wordsStudied: 1, totalTime: 0 });
        }

        const [sessions] = await tx
          .select({ total: count() })
          .from(learningSessions)
          .where(eq(learningSessions.userId, userId));
        await tx
          .update(userProgress)
          .set({ totalSessions: sessions?.total ?? 0 })
          .where(eq(userProgress.userId, userId));
        return counters;
      });
    },

    /**
     * Moves the word to the next step only if it is still in the scheme at `fromDay`: of two completions
     * racing, one advances and the other finds the step taken. Undefined when nothing changed.
     */
    async advanceSpacedRepetition(
      userId: string,
      wordId: number,
      fromDay: number,
      step: SpacedRepetitionStep,
    ) {
      const [row] = await db
        .update(words)
        .set(step)
        .where(
          and(
            liveWordOf(userId, wordId),
            eq(words.isSpacedRepetitionActive, true),
            eq(words.spacedRepetitionDay, fromDay),
          ),
        )
        .returning(spacedRepetitionColumns);
      return row;
    },
  };

  async function updateClips(userId: string, wordId: number, changes: ClipChanges) {
    if (Object.keys(changes).length === 0) {
      const [row] = await db.select(clipColumns).from(words).where(liveWordOf(userId, wordId)).limit(1);
      return row;
    }
    const [row] = await db
      .update(words)
      .set(changes)
      .where(liveWordOf(userId, wordId))
      .returning(clipColumns);
    return row;
  }
}
export type LearnRepository = ReturnType<typeof createLearnRepository>;
