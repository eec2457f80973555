import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BookOpenText,
  CalendarClock,
  Eye,
  EyeOff,
  Images,
  LoaderCircle,
  MoreVertical,
  SquareStack,
} from 'lucide-react';
import { isWordInStudy } from '../../../../shared/api/words';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/button.component';
import { loadOnce } from '../../../lib/load-once';
import { DeferredMenu } from '../../../ui/deferred-menu.component';
import type { DictionaryWord } from '../../../lib/api/words.api';
import type { ListenThresholdSettings } from '../lib/listen-badge';
import { CountBadge } from './count-badge.component';
import { ListenBadge } from './listen-badge.component';
import { PlayWordButton } from './play-word-button.component';
import { WordImage } from './word-image.component';
import { WordTags } from './word-tags.component';
import { WordPair } from '../../../ui/word-pair.component';

/** The rows' menu: a page of rows draws plain ⋮ buttons, and Radix's menu only for the one used. */
const loadWordRowMenu = loadOnce(async () => (await import('./word-row-menu.component')).WordRowMenu);

export interface WordRowHandlers {
  onToggleSelected: (word: DictionaryWord) => void;
  onOpenImage: (word: DictionaryWord) => void;
  onOpenCard: (word: DictionaryWord) => void;
  onOpenSentences: (word: DictionaryWord) => void;
  onOpenMediaLibrary: (word: DictionaryWord) => void;
  onToggleActive: (word: DictionaryWord) => void;
  onRegenerateImage: (word: DictionaryWord) => void;
  onRegeneratePhrase: (word: DictionaryWord) => void;
}

interface WordRowProps extends WordRowHandlers {
  word: DictionaryWord;
  isSelectMode: boolean;
  isSelected: boolean;
  showTags: boolean;
  /** The learner's `showListenCount` (docs/product/dictionary.md#word-row). */
  showListenCount: boolean;
  thresholds: ListenThresholdSettings | undefined;
  daysSinceDisabled: number | null;
  isImageBusy: boolean;
  isPhraseBusy: boolean;
  isToggleBusy: boolean;
}

/** Clicks on the row's own controls do their own thing, not the row's. */
const isFromControl = (event: MouseEvent) =>
  event.target instanceof Element &&
  event.target.closest('button, a, input, label, [role="menuitem"]') !== null;

/**
 * One dictionary row, memoised: the list draws itself again as it measures where it starts and how tall its
 * rows are, and a row whose props are the same is not drawn again (docs/product/overview.md#serving-the-client).
 */
export const WordRow = memo(function WordRow(props: WordRowProps) {
  const { word, isSelectMode, isSelected, showTags, showListenCount, thresholds, daysSinceDisabled } = props;
  const { t } = useTranslation();
  const isInStudy = isWordInStudy(word);
  const isBusy = props.isImageBusy || props.isPhraseBusy;

  const onRowClick = (event: MouseEvent) => {
    if (isFromControl(event)) return;
    if (isSelectMode) props.onToggleSelected(word);
    else if (word.imageUrl) props.onOpenImage(word);
  };

  return (
    <div
      onClick={onRowClick}
      data-word-id={word.id}
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card p-2 text-card-foreground sm:flex-nowrap sm:p-3',
        (isSelectMode || word.imageUrl) && 'cursor-pointer',
        isSelected && 'border-primary ring-2 ring-primary/40',
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {isSelectMode ? (
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-[var(--color-primary)]"
            checked={isSelected}
            onChange={() => props.onToggleSelected(word)}
            aria-label={t('dictionary.select.checkbox', { word: word.spanish })}
          />
        ) : null}
        {word.imageUrl ? (
          <button
            type="button"
            onClick={() => props.onOpenImage(word)}
            aria-label={t('dictionary.row.openImage', { word: word.spanish })}
            className="size-14 shrink-0 overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <WordImage
              src={word.imageUrl}
              context="thumbnail"
              alt=""
              fallbackLabel={t('dictionary.row.noImage')}
              className="size-14"
            />
          </button>
        ) : (
          <WordImage
            src={null}
            context="thumbnail"
            alt=""
            fallbackLabel={t('dictionary.row.noImage')}
            className="size-14 shrink-0 rounded-md"
          />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <WordPair
            spanish={word.spanish}
            russian={word.needsTranslation ? null : word.russian}
            untranslated={t('dictionary.noTranslation')}
            isTruncated
            hasFieldMarks
          />
          {showTags ? <WordTags word={word} /> : null}
        </div>
      </div>

      <div className="flex w-full flex-wrap items-center justify-end gap-1 sm:w-auto sm:flex-nowrap">
        {showListenCount ? (
          <ListenBadge count={word.attempts} isActive={isInStudy} thresholds={thresholds} />
        ) : null}
        <Button
          variant="outline"
          size="sm"
          className="h-7 gap-1 px-2 text-xs tabular-nums"
          onClick={() => props.onOpenSentences(word)}
          aria-label={t('dictionary.row.audiobookUsage', { count: word.audiobookUsageCount })}
          title={t('dictionary.row.audiobookUsage', { count: word.audiobookUsageCount })}
        >
          <BookOpenText aria-hidden />
          {word.audiobookUsageCount}
        </Button>
        {!isInStudy && word.disabledUsageCount > 0 ? (
          <CountBadge
            Icon={SquareStack}
            label={t('dictionary.row.disabledUsage', { count: word.disabledUsageCount })}
            value={word.disabledUsageCount}
            className="bg-secondary text-secondary-foreground"
          />
        ) : null}
        {daysSinceDisabled !== null ? (
          <CountBadge
            Icon={CalendarClock}
            label={t('dictionary.row.daysSinceDisabled', { count: daysSinceDisabled })}
            value={t('dictionary.row.daysShort', { count: daysSinceDisabled })}
            className="bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200"
            data-badge="days-since-disabled"
          />
        ) : null}
        <PlayWordButton spanish={word.spanish} audioData={word.audioData} />
        <Button
          variant="ghost"
          size="icon"
          onClick={() => props.onToggleActive(word)}
          disabled={props.isToggleBusy}
          aria-label={
            isInStudy
              ? t('dictionary.row.hide', { word: word.spanish })
              : t('dictionary.row.show', { word: word.spanish })
          }
          title={
            isInStudy
              ? t('dictionary.row.hide', { word: word.spanish })
              : t('dictionary.row.show', { word: word.spanish })
          }
        >
          {isInStudy ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => props.onOpenCard(word)}
          aria-label={t('dictionary.row.openCard', { word: word.spanish })}
          title={t('dictionary.row.openCard', { word: word.spanish })}
        >
          <Images aria-hidden />
        </Button>
        <DeferredMenu
          trigger={
            <Button
              variant="ghost"
              size="icon"
              aria-label={
                isBusy
                  ? `${t('dictionary.row.more', { word: word.spanish })}. ${t('dictionary.row.busy')}`
                  : t('dictionary.row.more', { word: word.spanish })
              }
              title={t('dictionary.row.more', { word: word.spanish })}
            >
              {isBusy ? <LoaderCircle className="animate-spin" aria-hidden /> : <MoreVertical aria-hidden />}
            </Button>
          }
          loadMenu={loadWordRowMenu}
          menuProps={{
            word,
            isImageBusy: props.isImageBusy,
            isPhraseBusy: props.isPhraseBusy,
            onRegenerateImage: props.onRegenerateImage,
            onRegeneratePhrase: props.onRegeneratePhrase,
            onOpenMediaLibrary: props.onOpenMediaLibrary,
          }}
        />
      </div>
    </div>
  );
});
