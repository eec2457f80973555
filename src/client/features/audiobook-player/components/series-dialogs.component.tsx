import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutGrid, List } from 'lucide-react';
import type { Series } from '../../../../shared/api/audiobook-player';
import { IMAGE_STYLES, type ImageStyle } from '../../../../shared/catalogs/image-styles';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/button.component';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../ui/dialog.component';

export type PictureProvider = 'leonardo' | 'openai' | 'builtin';

/** docs/product/audiobooks.md#illustration-series: five styles, the first three on the left, two on the right. */
const AI_COLUMNS = [
  [1, 2, 3],
  [4, 5],
] as const;

function useStyleName() {
  const { i18n } = useTranslation();
  const isRussian = i18n.language.startsWith('ru');
  return (style: ImageStyle) => (isRussian ? style.nameRu : style.nameEn);
}

const styleById = (id: number) => IMAGE_STYLES.find((style) => style.id === id);

/** 'Генерация изображений с ИИ': a series in one of five styles, by the learner's picture provider. */
export function AiSeriesDialog(props: {
  isOpen: boolean;
  providerName: string;
  onOpenChange: (isOpen: boolean) => void;
  onChoose: (style: ImageStyle, column: 'left' | 'right') => void;
}) {
  const { t } = useTranslation();
  const nameOf = useStyleName();
  return (
    <Dialog open={props.isOpen} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-md" closeLabel={t('audiobookPlayer.close')}>
        <DialogHeader>
          <DialogTitle>{t('audiobookPlayer.aiDialog.title')}</DialogTitle>
          <DialogDescription>
            {t('audiobookPlayer.aiDialog.description', { provider: props.providerName })}
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-3">
          {AI_COLUMNS.map((column, at) => (
            <div
              key={column[0]}
              role="group"
              aria-label={t(
                at === 0 ? 'audiobookPlayer.aiDialog.leftColumn' : 'audiobookPlayer.aiDialog.rightColumn',
              )}
              className="flex flex-col gap-3"
            >
              {column.map((styleId) => {
                const style = styleById(styleId);
                if (!style) return null;
                return (
                  <Button
                    key={style.id}
                    variant="outline"
                    className="h-auto flex-col gap-1 py-3 whitespace-normal"
                    onClick={() => props.onChoose(style, at === 0 ? 'left' : 'right')}
                  >
                    <span
                      aria-hidden
                      className="flex h-12 w-full items-center justify-center rounded-md text-2xl"
                      style={{
                        background: `linear-gradient(135deg, ${style.palette[0]}, ${style.palette[1]})`,
                      }}
                    >
                      {style.iconEmoji}
                    </span>
                    {nameOf(style)}
                  </Button>
                );
              })}
            </div>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** 'Создать новую серию иллюстраций': any of the 15 styles, as a grid or a list, and a provider. */
export function NewSeriesDialog(props: {
  isOpen: boolean;
  availableProviders: ReadonlySet<PictureProvider>;
  defaultProvider: PictureProvider;
  isCreating: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCreate: (style: ImageStyle | null, provider: PictureProvider) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useStyleName();
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [styleId, setStyleId] = useState<number | null>(null);
  const [provider, setProvider] = useState<PictureProvider | null>(null);
  const chosenProvider = provider ?? props.defaultProvider;
  return (
    <Dialog open={props.isOpen} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-2xl" closeLabel={t('audiobookPlayer.close')}>
        <DialogHeader>
          <DialogTitle>{t('audiobookPlayer.newSeriesDialog.title')}</DialogTitle>
          <DialogDescription>{t('audiobookPlayer.newSeriesDialog.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="sr-only">{t('audiobookPlayer.newSeriesDialog.provider')}</legend>
            {(['leonardo', 'openai', 'builtin'] as const).map((name) => (
              <Button
                key={name}
                size="sm"
                variant={chosenProvider === name ? 'default' : 'outline'}
                aria-pressed={chosenProvider === name}
                onClick={() => setProvider(name)}
              >
                {t(`audiobookPlayer.newSeriesDialog.providers.${name}`)}
                {props.availableProviders.has(name) ? null : (
                  <span className="text-xs opacity-75">({t('audiobookPlayer.newSeriesDialog.noKey')})</span>
                )}
              </Button>
            ))}
          </fieldset>
          <div role="group" aria-label={t('audiobookPlayer.newSeriesDialog.layout')} className="flex gap-1">
            <Button
              size="sm"
              variant={layout === 'grid' ? 'secondary' : 'ghost'}
              aria-pressed={layout === 'grid'}
              onClick={() => setLayout('grid')}
            >
              <LayoutGrid aria-hidden />
              {t('audiobookPlayer.newSeriesDialog.grid')}
            </Button>
            <Button
              size="sm"
              variant={layout === 'list' ? 'secondary' : 'ghost'}
              aria-pressed={layout === 'list'}
              onClick={() => setLayout('list')}
            >
              <List aria-hidden />
              {t('audiobookPlayer.newSeriesDialog.list')}
            </Button>
          </div>
        </div>
        <div
          role="radiogroup"
          aria-label={t('audiobookPlayer.newSeriesDialog.title')}
          className={cn(
            'max-h-[50dvh] overflow-y-auto p-1',
            layout === 'grid' ? 'grid grid-cols-3 gap-2 sm:grid-cols-5' : 'flex flex-col gap-1',
          )}
        >
          {IMAGE_STYLES.map((style) => (
            <button
              key={style.id}
              type="button"
              role="radio"
              aria-checked={styleId === style.id}
              onClick={() => setStyleId(style.id)}
              className={cn(
                'flex items-center gap-2 rounded-lg border p-2 text-left text-sm transition-colors hover:bg-accent',
                layout === 'grid' && 'flex-col text-center',
                styleId === style.id && 'border-primary ring-2 ring-primary',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'flex items-center justify-center rounded-md text-xl',
                  layout === 'grid' ? 'h-12 w-full' : 'size-9 shrink-0',
                )}
                style={{ background: `linear-gradient(135deg, ${style.palette[0]}, ${style.palette[1]})` }}
              >
                {style.iconEmoji}
              </span>
              {nameOf(style)}
            </button>
          ))}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            {t('audiobookPlayer.newSeriesDialog.cancel')}
          </Button>
          <Button
            disabled={props.isCreating}
            onClick={() =>
              props.onCreate(styleId === null ? null : (styleById(styleId) ?? null), chosenProvider)
            }
          >
            {t('audiobookPlayer.newSeriesDialog.create')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The auto-completion dialog: the series lacking pictures, filled in on the learner's word. */
export function AutoCompleteDialog(props: {
  isOpen: boolean;
  series: readonly Series[];
  seriesName: (series: Series) => string;
  onOpenChange: (isOpen: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.isOpen} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-md" closeLabel={t('audiobookPlayer.close')}>
        <DialogHeader>
          <DialogTitle>{t('audiobookPlayer.autoCompleteDialog.title')}</DialogTitle>
          <DialogDescription>{t('audiobookPlayer.autoCompleteDialog.description')}</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-1 text-sm">
          {props.series.map((series) => (
            <li key={series.id}>
              {props.seriesName(series)} —{' '}
              {t('audiobookPlayer.series.counts', {
                completed: series.completedSentences,
                total: series.totalSentences,
              })}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            {t('audiobookPlayer.autoCompleteDialog.cancel')}
          </Button>
          <Button onClick={props.onConfirm}>{t('audiobookPlayer.autoCompleteDialog.action')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
