import { type SQL, sql } from 'drizzle-orm';
import { MASTERED_INTERVAL_DAYS } from '../../../shared/catalogs/review';

/**
 * The one definition of a learned word (docs/product/progress.md#learned-words), for every figure that says
 * 'выучено': a live word of the learner is learned when Learn hid it as learned (`is_active` false: hidden
 * from the dictionary or by its listens) or when a review grade gave one of its cards an interval of
 * `MASTERED_INTERVAL_DAYS` days or more. Rows `(word_id, learned_at)`: `learned_at`, the earlier of the two
 * moments, is null for a word not learned. Showing a hidden word again takes that way back; a review
 * interval once reached stays, as the charts draw a cumulative line.
 */
export function learnedWordsOf(userId: string): SQL {
  return sql`
    select w.id as word_id,
           least(case when w.is_active = false then coalesce(w.disabled_at, w.created_at) end, m.at) as learned_at
    from words w
    left join (
      select c.word_id, min(l.reviewed_at) as at
      from review_logs l join review_cards c on c.id = l.card_id
      where l.user_id = ${userId}
        and (l.card_after ->> 'scheduledDays')::int >= ${MASTERED_INTERVAL_DAYS}
      group by c.word_id
    ) m on m.word_id = w.id
    where w.user_id = ${userId} and w.is_deleted = false`;
}

/** How many of the learner's words are learned, as a statement answering one row `{ count }`. */
export function learnedWordCountOf(userId: string): SQL {
  return sql`select count(*)::int as count from (${learnedWordsOf(userId)}) learned where learned_at is not null`;
}
