import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_GRADES, type ReviewCardState, type ReviewGrade } from '../../../../shared/catalogs/review';
import { cn } from '../../../lib/cn';
import { intervalOf } from '../lib/interval-label';

const GRADE_STYLE: Record<ReviewGrade, string> = {
  again: 'border-red-700/40 hover:bg-red-500/10 dark:border-red-400/40',
  hard: 'border-amber-700/40 hover:bg-amber-500/10 dark:border-amber-400/40',
  good: 'border-green-700/40 hover:bg-green-500/10 dark:border-green-400/40',
  easy: 'border-sky-700/40 hover:bg-sky-500/10 dark:border-sky-400/40',
};

/**
 * Again, Hard, Good, Easy (keys 1–4), each with the interval it would give, as Anki shows them
 * (docs/product/review.md#scheduling). Large enough for a thumb on a phone.
 */
export const GradeButtons = forwardRef<
  HTMLDivElement,
  {
    previews: Record<ReviewGrade, ReviewCardState>;
    now: number;
    onGrade: (grade: ReviewGrade) => void;
  }
>(function GradeButtons({ previews, now, onGrade }, ref) {
  const { t } = useTranslation();
  return (
    <div
      ref={ref}
      role="group"
      aria-label={t('review.gradesLabel')}
      tabIndex={-1}
      className="grid w-full grid-cols-4 gap-2 outline-none"
    >
      {REVIEW_GRADES.map((grade, index) => {
        const { unit, count } = intervalOf(Date.parse(previews[grade].due) - now);
        const interval = t(`review.interval.${unit}`, { count });
        return (
          <button
            key={grade}
            type="button"
            onClick={() => onGrade(grade)}
            aria-keyshortcuts={String(index + 1)}
            className={cn(
              'flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-lg border-2 bg-card px-1 py-2 text-card-foreground transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              GRADE_STYLE[grade],
            )}
          >
            <span className="text-xs text-muted-foreground">{interval}</span>
            <span className="text-base font-semibold">{t(`review.grades.${grade}`)}</span>
            <span className="sr-only">{t('review.gradeKey', { key: index + 1 })}</span>
          </button>
        );
      })}
    </div>
  );
});
