import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ArrowDownWideNarrow,
  ArrowUpNarrowWide,
  ArrowDownAZ,
  ChevronDown,
  FilterX,
  Languages,
  Search,
  SlidersHorizontal,
  X,
} from 'lucide-react';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/button.component';
import { Input } from '../../../ui/input.component';
import { Field } from '../../../ui/field.component';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select.component';
import type { useDictionaryView } from '../hooks/dictionary-view.hook';
import { usePartOfSpeechLabel } from '../../../lib/hooks/part-of-speech-label.hook';
import { NoLanguageModelHint } from './no-language-model-hint.component';
import {
  activeFilterCount,
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

/**
 * Search, filters, view and sorts. On a phone the filters and sorts fold behind one button that shows how
 * many filters are set, so the first words fit the first screen (docs/product/dictionary.md#filters);
 * wider screens show everything.
 */
export function DictionaryToolbar({
  view,
  hasLanguageModel,
}: {
  view: ReturnType<typeof useDictionaryView>;
  hasLanguageModel: boolean;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const filterCount = activeFilterCount(view.filters);
  const foldedOnPhone = isOpen ? undefined : 'max-sm:hidden';

  return (
    <section
      aria-label={t('dictionary.toolbarLabel')}
      className="flex flex-col gap-4 rounded-xl border bg-card p-3 sm:p-4"
    >
      <Field
        label={t('dictionary.search.label')}
        hint={t('dictionary.search.hint')}
        hintClassName="max-sm:hidden"
      >
        {(control) => (
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                {...control}
                type="search"
                enterKeyHint="search"
                value={view.searchDraft}
                placeholder={t('dictionary.search.placeholder')}
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
        )}
      </Field>

      <div
        id={panelId}
        className={cn('grid grid-cols-1 gap-3 max-sm:order-last sm:grid-cols-3', foldedOnPhone)}
      >
        {FACETS.map((facet) => (
          <FacetSelect key={facet} facet={facet} view={view} hasLanguageModel={hasLanguageModel} />
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
        <Button
          size="sm"
          variant={filterCount > 0 ? 'default' : 'outline'}
          className="sm:hidden"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((current) => !current)}
        >
          <SlidersHorizontal aria-hidden />
          {filterCount > 0
            ? t('dictionary.filters.openWithCount', { count: filterCount })
            : t('dictionary.filters.open')}
          <ChevronDown className={cn('transition-transform', isOpen && 'rotate-180')} aria-hidden />
        </Button>
        <div
          role="group"
          aria-label={t('dictionary.sort.label')}
          className={cn('flex flex-wrap gap-1', foldedOnPhone)}
        >
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
        {view.untranslatedCount > 0 || view.filters.isUntranslatedOnly ? (
          <Button
            size="sm"
            variant={view.filters.isUntranslatedOnly ? 'default' : 'outline'}
            aria-pressed={view.filters.isUntranslatedOnly}
            className={foldedOnPhone}
            onClick={view.toggleUntranslatedOnly}
          >
            <Languages aria-hidden />
            {t('dictionary.filters.untranslated', { count: view.untranslatedCount })}
          </Button>
        ) : null}
        {hasActiveFilters(view.filters) ? (
          <Button size="sm" variant="ghost" className={foldedOnPhone} onClick={view.resetFilters}>
            <FilterX aria-hidden />
            {t('dictionary.filters.reset')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** The filters a language model fills; empty without one, they say how to get it. */
const MODEL_FACET_HINTS: Partial<Record<Facet, 'noModelCefr' | 'noModelTheme'>> = {
  cefrLevel: 'noModelCefr',
  themeCategory: 'noModelTheme',
};

function FacetSelect({
  facet,
  view,
  hasLanguageModel,
}: {
  facet: Facet;
  view: ReturnType<typeof useDictionaryView>;
  hasLanguageModel: boolean;
}) {
  const { t } = useTranslation();
  const partOfSpeechLabel = usePartOfSpeechLabel();
  const label = (value: string) => (facet === 'partOfSpeech' ? partOfSpeechLabel(value) : value);
  const hint = MODEL_FACET_HINTS[facet];
  const showsHint = hint !== undefined && !hasLanguageModel && view.options[facet].length === 0;
  return (
    <Field label={t(`dictionary.filters.${facet}`)} labelling="labelledby" className="min-w-0">
      {(control, labelId) => (
        <>
          <Select
            value={view.filters[facet] ?? ALL}
            onValueChange={(value) => view.setFacet(facet, value === ALL ? null : value)}
          >
            <SelectTrigger {...control} aria-labelledby={labelId}>
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
          {showsHint ? (
            <NoLanguageModelHint
              text={t(`dictionary.filters.${hint}`)}
              linkText={t('dictionary.card.noModelLink')}
              className="text-xs"
            />
          ) : null}
        </>
      )}
    </Field>
  );
}
