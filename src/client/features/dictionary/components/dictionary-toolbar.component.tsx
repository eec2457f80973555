import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, ArrowDownAZ, FilterX, Search, X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/button.component';
import { Input } from '../../../ui/input.component';
import { Label } from '../../../ui/label.component';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select.component';
import type { useDictionaryView } from '../hooks/dictionary-view.hook';
import { usePartOfSpeechLabel } from '../hooks/part-of-speech-label.hook';
import {
  type Facet,
  FACETS,
  hasActiveFilters,
  WORD_SORT_ORDERS,
  type WordSortOrder,
  type WordView,
} from '../lib/word-filters';

/** Radix Select cannot hold an empty value, so "all" has its own. */
const ALL = '__all__';

const SORT_ICONS: Record<Exclude<WordSortOrder, 'server'>, typeof ArrowDownAZ> = {
  usageDesc: ArrowDownWideNarrow,
  usageAsc: ArrowUpNarrowWide,
  alphabetical: ArrowDownAZ,
};

const VIEWS: readonly WordView[] = ['active', 'hidden'];

export function DictionaryToolbar({ view }: { view: ReturnType<typeof useDictionaryView> }) {
  const { t } = useTranslation();
  const searchId = useId();
  const searchHintId = useId();

  return (
    <section
      aria-label={t('dictionary.toolbarLabel')}
      className="flex flex-col gap-4 rounded-xl border bg-card p-3 sm:p-4"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={searchId}>{t('dictionary.search.label')}</Label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              enterKeyHint="search"
              value={view.searchDraft}
              placeholder={t('dictionary.search.placeholder')}
              aria-describedby={searchHintId}
              className="pl-9"
              onChange={(event) => view.setSearchDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  view.applySearch();
                } else if (event.key === 'Escape') {
                  event.preventDefault();
                  view.clearSearch();
                }
              }}
            />
          </div>
          <Button variant="outline" onClick={view.applySearch} aria-label={t('dictionary.search.apply')}>
            <Search aria-hidden />
            <span className="hidden sm:inline">{t('dictionary.search.apply')}</span>
          </Button>
          {view.filters.search || view.searchDraft ? (
            <Button
              variant="ghost"
              size="icon"
              onClick={view.clearSearch}
              aria-label={t('dictionary.search.clear')}
              title={t('dictionary.search.clear')}
            >
              <X aria-hidden />
            </Button>
          ) : null}
        </div>
        <p id={searchHintId} className="text-xs text-muted-foreground">
          {t('dictionary.search.hint')}
        </p>
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {FACETS.map((facet) => (
          <FacetSelect key={facet} facet={facet} view={view} />
        ))}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <div
          role="group"
          aria-label={t('dictionary.view.label')}
          className="inline-flex rounded-lg bg-muted p-1"
        >
          {VIEWS.map((candidate) => (
            <button
              key={candidate}
              type="button"
              aria-pressed={view.view === candidate}
              onClick={() => view.setView(candidate)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                view.view === candidate && 'bg-background text-foreground shadow-sm',
              )}
            >
              {t(`dictionary.view.${candidate}`, { count: view.counts[candidate] })}
            </button>
          ))}
        </div>
        <div role="group" aria-label={t('dictionary.sort.label')} className="flex flex-wrap gap-1">
          {WORD_SORT_ORDERS.map((order) => {
            const Icon = SORT_ICONS[order];
            return (
              <Button
                key={order}
                size="sm"
                variant={view.sortOrder === order ? 'default' : 'outline'}
                aria-pressed={view.sortOrder === order}
                onClick={() => view.toggleSort(order)}
              >
                <Icon aria-hidden />
                {t(`dictionary.sort.${order}`)}
              </Button>
            );
          })}
        </div>
        {hasActiveFilters(view.filters) ? (
          <Button size="sm" variant="ghost" onClick={view.resetFilters}>
            <FilterX aria-hidden />
            {t('dictionary.filters.reset')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function FacetSelect({ facet, view }: { facet: Facet; view: ReturnType<typeof useDictionaryView> }) {
  const { t } = useTranslation();
  const labelId = useId();
  const partOfSpeechLabel = usePartOfSpeechLabel();
  const label = (value: string) => (facet === 'partOfSpeech' ? partOfSpeechLabel(value) : value);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label id={labelId}>{t(`dictionary.filters.${facet}`)}</Label>
      <Select
        value={view.filters[facet] ?? ALL}
        onValueChange={(value) => view.setFacet(facet, value === ALL ? null : value)}
      >
        <SelectTrigger aria-labelledby={labelId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t('dictionary.filters.all')}</SelectItem>
          {view.options[facet].map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {t('dictionary.filters.option', { value: label(option.value), count: option.count })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
