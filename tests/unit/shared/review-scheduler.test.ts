import { describe, expect, it } from 'vitest';
import {
  FIXED_REVIEW_STEPS_DAYS,
  type ReviewCardState,
  type ReviewGrade,
} from '../../../src/shared/catalogs/review';
import {
  gradeCard,
  newCardState,
  nextFixedStep,
  previewGrades,
  schedulerChoiceOf,
} from '../../../src/shared/review/review-scheduler';

const MINUTE = 60_000;
const DAY = 86_400_000;
const FSRS_90 = { kind: 'fsrs', desiredRetention: 0.9 } as const;
const FIXED = { kind: 'fixed' } as const;

/** Grades a card in turn, each at the moment the previous one made it due, as a learner on time would. */
function run(grades: readonly ReviewGrade[], choice: Parameters<typeof gradeCard>[3], start: Date) {
  let card = newCardState(start);
  let at = start;
  const cards: ReviewCardState[] = [];
  for (const grade of grades) {
    card = gradeCard(card, grade, at, choice);
    cards.push(card);
    at = new Date(card.due);
  }
  return cards;
}

describe('FSRS through ts-fsrs (docs/product/review.md#scheduling)', () => {
  it('gives the reference interval history of FSRS-6 with default parameters and no fuzz', () => {
    // ts-fsrs's own FSRS-6 test (`ivl_history`): thirteen grades from 2022-12-29 12:30, each on its due day.
    const grades: ReviewGrade[] = [
      ...Array<ReviewGrade>(6).fill('good'),
      'again',
      'again',
      ...Array<ReviewGrade>(5).fill('good'),
    ];
    const cards = run(grades, FSRS_90, new Date(2022, 11, 29, 12, 30));
    expect(cards.map((card) => card.scheduledDays)).toEqual([0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21]);
    // The second Again is a lapse of a relearning card, not a second lapse.
    expect(cards.at(-1)).toMatchObject({ state: 'review', reps: 13, lapses: 1 });
  });

  it('previews a new card as Anki shows it: 1 min, 6 min, 10 min, 8 days', () => {
    const at = new Date('2026-03-01T09:00:00.000Z');
    const preview = previewGrades(newCardState(at), at, FSRS_90);
    const after = (grade: ReviewGrade) => Date.parse(preview[grade].due) - at.getTime();
    expect([after('again'), after('hard'), after('good')]).toEqual([1 * MINUTE, 6 * MINUTE, 10 * MINUTE]);
    expect(after('easy')).toBe(8 * DAY);
    expect(preview.easy.state).toBe('review');
    expect(preview.good.state).toBe('learning');
  });

  it('schedules further apart at a lower desired retention and closer at a higher one', () => {
    const at = new Date('2026-03-01T09:00:00.000Z');
    const intervalAt = (desiredRetention: number) => {
      const choice = { kind: 'fsrs', desiredRetention } as const;
      const graduated = gradeCard(newCardState(at), 'easy', at, choice);
      return gradeCard(graduated, 'good', new Date(graduated.due), choice).scheduledDays;
    };
    const [low, middle, high] = [intervalAt(0.8), intervalAt(0.9), intervalAt(0.95)];
    expect(low).toBeGreaterThan(middle);
    expect(middle).toBeGreaterThan(high);
  });

  it('is deterministic: the same card, grade and moment always give the same result', () => {
    const at = new Date('2026-03-01T09:00:00.000Z');
    const [card] = run(['easy'], FSRS_90, at);
    const later = new Date(Date.parse(card!.due) + 3 * DAY);
    expect(gradeCard(card!, 'hard', later, FSRS_90)).toEqual(gradeCard(card!, 'hard', later, FSRS_90));
  });
});

describe('the simple intervals 1-3-7-14-30 days', () => {
  it('moves Again to the first step, repeats on Hard, one on with Good, two with Easy, never past the last', () => {
    expect(FIXED_REVIEW_STEPS_DAYS).toEqual([1, 3, 7, 14, 30]);
    const table: Array<[step: number, grade: ReviewGrade, next: number]> = [
      [-1, 'again', 0],
      [-1, 'hard', 0],
      [-1, 'good', 0],
      [-1, 'easy', 1],
      [2, 'again', 0],
      [2, 'hard', 2],
      [2, 'good', 3],
      [2, 'easy', 4],
      [3, 'easy', 4],
      [4, 'good', 4],
      [4, 'hard', 4],
    ];
    for (const [step, grade, next] of table)
      expect(nextFixedStep(step, grade), `${step} ${grade}`).toBe(next);
  });

  it('schedules the step in whole days from the grade, and counts a lapse only of a card already learned', () => {
    const start = new Date('2026-03-01T09:00:00.000Z');
    const cards = run(['good', 'good', 'easy', 'again', 'hard', 'good'], FIXED, start);
    expect(cards.map((card) => card.scheduledDays)).toEqual([1, 3, 14, 1, 1, 3]);
    expect(cards.map((card) => card.fixedStep)).toEqual([0, 1, 3, 0, 0, 1]);
    expect(cards.map((card) => card.state)).toEqual(Array(6).fill('review'));
    expect(Date.parse(cards[0]!.due) - start.getTime()).toBe(DAY);
    expect(cards.at(-1)).toMatchObject({ lapses: 1, reps: 6 });
    expect(gradeCard(newCardState(start), 'again', start, FIXED).lapses).toBe(0);
  });

  it('keeps the memory state up to date, so switching to FSRS carries on from it', () => {
    const start = new Date('2026-03-01T09:00:00.000Z');
    const [card] = run(['good'], FIXED, start);
    expect(card!.stability).toBeGreaterThan(0);
    expect(card!.difficulty).toBeGreaterThan(0);
    const next = gradeCard(card!, 'good', new Date(card!.due), FSRS_90);
    expect(next.scheduledDays).toBeGreaterThan(1);
  });

  it('is chosen from the settings', () => {
    expect(schedulerChoiceOf({ reviewScheduler: 'fixed', reviewDesiredRetention: 0.85 })).toEqual(FIXED);
    expect(schedulerChoiceOf({ reviewScheduler: 'fsrs', reviewDesiredRetention: 0.85 })).toEqual({
      kind: 'fsrs',
      desiredRetention: 0.85,
    });
  });
});
