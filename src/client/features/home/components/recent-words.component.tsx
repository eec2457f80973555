import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import type { WordListItem } from '../../../../shared/api/words';
import { Button } from '../../../ui/button.component';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { CefrBadge } from '../../../ui/cefr-badge.component';
import { useRecentWords } from '../api/recent-words.api';
import { WordPair } from '../../../ui/word-pair.component';

export function RecentWords({ className }: { className?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const words = useRecentWords();

  return (
    <Card className={className} role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id={headingId}>{t('recentWords.title')}</CardTitle>
        {words.data && words.data.length > 0 ? (
          <Link
            to="/dictionary"
            className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-4 hover:no-underline"
          >
            {t('recentWords.viewAll')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {words.isPending ? (
          <p role="status" className="text-muted-foreground">
            {t('common.loading')}
          </p>
        ) : words.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-muted-foreground">{t('recentWords.loadError')}</p>
            <Button variant="outline" size="sm" onClick={() => void words.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : words.data.length === 0 ? (
          <EmptyWords />
        ) : (
          <WordList words={words.data} />
        )}
      </CardContent>
    </Card>
  );
}

function WordList({ words }: { words: readonly WordListItem[] }) {
  return (
    <ul className="divide-y">
      {words.map((word) => (
        <li key={word.id} className="flex items-center justify-between gap-3 py-2.5">
          <div className="min-w-0">
            <WordPair spanish={word.spanish} russian={word.russian} isTruncated />
          </div>
          {word.cefrLevel ? <CefrBadge level={word.cefrLevel} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** A first-time learner lands here: the empty list invites the first upload instead of looking broken. */
function EmptyWords() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Sparkles className="size-6 text-accent-text" aria-hidden="true" />
      </span>
      <p className="font-semibold">{t('recentWords.emptyTitle')}</p>
      <p className="text-sm text-muted-foreground">{t('recentWords.emptyDescription')}</p>
      <Button asChild size="sm">
        <Link to="/upload">{t('recentWords.emptyAction')}</Link>
      </Button>
    </div>
  );
}
