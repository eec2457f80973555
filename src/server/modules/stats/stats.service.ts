import { HISTORY_DAYS, HISTORY_WEEKS, type History } from '../../../shared/api/stats';
import { addDays, localDay, startOfLocalDay } from '../../../shared/calendar/learner-day';
import type { ReviewService } from '../review/review.service';
import type { SettingsRepository } from '../settings/settings.repository';
import type { StatsRepository } from './stats.repository';

/** The Monday of the week a `YYYY-MM-DD` day falls in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The dashboard's history (docs/product/progress.md#progress-over-time): words added and known per week,
 * reviews and listening per day, and the review forecast, in the learner's time zone.
 */
export function createStatsService(deps: {
  stats: StatsRepository;
  settings: SettingsRepository;
  review: Pick<ReviewService, 'forecast'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async history(userId: string): Promise<History> {
      const at = now();
      const { timeZone } = await deps.settings.findOrCreate(userId);
      const today = localDay(at, timeZone);
      // Noon of a day is within that day on any clock; its start is the start of the learner's day.
      const startOf = (day: string) => startOfLocalDay(new Date(`${day}T12:00:00Z`), timeZone);

      const firstWeek = addDays(mondayOf(today), -7 * (HISTORY_WEEKS - 1));
      const weekStarts = Array.from({ length: HISTORY_WEEKS }, (_, index) => addDays(firstWeek, 7 * index));
      const added = new Map(
        (await deps.stats.wordsAddedPerWeek(userId, startOf(firstWeek), timeZone)).map((row) => [
          row.week,
          row.count,
        ]),
      );
      const knownRows = await deps.stats.wordsKnownPerWeek(userId, startOf(firstWeek), timeZone);
      let known = knownRows.filter((row) => row.week === null).reduce((sum, row) => sum + row.count, 0);
      const knownPerWeek = new Map(
        knownRows.flatMap((row) => (row.week ? [[row.week, row.count] as const] : [])),
      );
      const weeks = weekStarts.map((weekStart) => {
        known += knownPerWeek.get(weekStart) ?? 0;
        return { weekStart, wordsAdded: added.get(weekStart) ?? 0, wordsKnown: known };
      });

      const firstDay = addDays(today, -(HISTORY_DAYS - 1));
      const reviews = new Map(
        (await deps.stats.reviewsPerDay(userId, startOf(firstDay), timeZone)).map((row) => [
          row.day,
          row.count,
        ]),
      );
      const listening = await deps.stats.listening(userId, firstDay);
      const seconds = new Map(listening.days.map((row) => [row.day, row.seconds]));
      const days = Array.from({ length: HISTORY_DAYS }, (_, index) => {
        const day = addDays(firstDay, index);
        const dayReviews = reviews.get(day) ?? 0;
        return {
          day,
          reviews: dayReviews,
          listeningMinutes: Math.round((seconds.get(day) ?? 0) / 60),
          hasData: dayReviews > 0 || (listening.startsOn !== null && day >= listening.startsOn),
        };
      });

      const forecast = await deps.review.forecast(userId);
      return { today, activityStartsOn: listening.startsOn, weeks, days, forecast };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
