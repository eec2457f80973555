import { useTranslation } from 'react-i18next';
import { CheckSquare, EyeOff, LoaderCircle, Square, Trash2 } from 'lucide-react';
import { Button } from '../../../ui/button.component';
import type { WordView } from '../lib/word-filters';

/** Select mode's actions on the visible words. */
export function SelectionBar({
  view,
  selectedCount,
  isAllSelected,
  isHiding,
  onSelectAll,
  onDeselectAll,
  onHideSelected,
  onDeleteSelected,
  onDeleteAllActive,
}: {
  view: WordView;
  selectedCount: number;
  isAllSelected: boolean;
  isHiding: boolean;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  onHideSelected: () => void;
  onDeleteSelected: () => void;
  onDeleteAllActive: () => void;
}) {
  const { t } = useTranslation();
  const hasSelection = selectedCount > 0;
  return (
    <div
      role="toolbar"
      aria-label={t('dictionary.select.toolbarLabel')}
      className="flex flex-wrap items-center gap-2 rounded-xl border bg-card p-3"
    >
      <span className="text-sm font-medium tabular-nums" aria-live="polite">
        {t('dictionary.select.selected', { count: selectedCount })}
      </span>
      {isAllSelected ? (
        <Button size="sm" variant="outline" onClick={onDeselectAll}>
          <Square aria-hidden />
          {t('dictionary.select.deselectAll')}
        </Button>
      ) : (
        <Button size="sm" variant="outline" onClick={onSelectAll}>
          <CheckSquare aria-hidden />
          {t('dictionary.select.selectAll')}
        </Button>
      )}
      {view === 'active' ? (
        <Button size="sm" variant="outline" onClick={onHideSelected} disabled={!hasSelection || isHiding}>
          {isHiding ? <LoaderCircle className="animate-spin" aria-hidden /> : <EyeOff aria-hidden />}
          {t('dictionary.select.hideSelected')}
        </Button>
      ) : null}
      <Button size="sm" variant="destructive" onClick={onDeleteSelected} disabled={!hasSelection}>
        <Trash2 aria-hidden />
        {t('dictionary.select.deleteSelected')}
      </Button>
      {view === 'active' ? (
        <Button size="sm" variant="destructive" onClick={onDeleteAllActive}>
          <Trash2 aria-hidden />
          {t('dictionary.select.deleteAllActive')}
        </Button>
      ) : null}
    </div>
  );
}
