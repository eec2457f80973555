import { useTranslation } from 'react-i18next';
import type { AnswerCheck, AnswerDiffPart } from '../../../../shared/review/typed-answer';
import { cn } from '../../../lib/cn';

const VERDICT_STYLE = {
  exact: 'text-green-700 dark:text-green-400',
  close: 'text-amber-700 dark:text-amber-400',
  wrong: 'text-destructive dark:text-red-400',
} as const;

/** The letters of one line: what was typed, or the word, each marked by how it compares. */
function Letters({ parts, side }: { parts: readonly AnswerDiffPart[]; side: 'typed' | 'expected' }) {
  return (
    <span className="font-mono text-lg tracking-wide break-all">
      {parts.map((part, index) => {
        const key = `${index}-${part.kind}`;
        switch (part.kind) {
          case 'same':
            return <span key={key}>{side === 'typed' ? part.typed : part.expected}</span>;
          case 'accent':
            return (
              <span
                key={key}
                data-diff="accent"
                className="rounded bg-amber-500/25 underline decoration-wavy"
              >
                {side === 'typed' ? part.typed : part.expected}
              </span>
            );
          case 'wrong':
            return (
              <span
                key={key}
                data-diff="wrong"
                className={cn(
                  'rounded',
                  side === 'typed' ? 'bg-destructive/25 line-through' : 'bg-green-500/25',
                )}
              >
                {side === 'typed' ? part.typed : part.expected}
              </span>
            );
          case 'missing':
            return side === 'typed' ? (
              <span key={key} data-diff="missing" className="text-muted-foreground">
                _
              </span>
            ) : (
              <span key={key} data-diff="missing" className="rounded bg-green-500/25 font-bold">
                {part.expected}
              </span>
            );
          case 'extra':
            return side === 'typed' ? (
              <span key={key} data-diff="extra" className="rounded bg-destructive/25 line-through">
                {part.typed}
              </span>
            ) : null;
        }
      })}
    </span>
  );
}

/** docs/product/review.md#typed-answers: the verdict, then the answer and the word letter by letter. */
export function TypedAnswerDiff({ check, typed }: { check: AnswerCheck; typed: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2 text-center" data-testid="typed-answer-diff">
      <p role="status" className={cn('text-base font-semibold', VERDICT_STYLE[check.verdict])}>
        {t(`review.verdict.${check.verdict}`)}
      </p>
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-1 text-left">
        <dt className="text-sm text-muted-foreground">{t('review.typedYours')}</dt>
        <dd>
          {typed.trim() === '' ? (
            <span className="text-muted-foreground">{t('review.typedEmpty')}</span>
          ) : (
            <Letters parts={check.diff} side="typed" />
          )}
        </dd>
        <dt className="text-sm text-muted-foreground">{t('review.typedExpected')}</dt>
        <dd>
          <Letters parts={check.diff} side="expected" />
        </dd>
      </dl>
    </div>
  );
}
