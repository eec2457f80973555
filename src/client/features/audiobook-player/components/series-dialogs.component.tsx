import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, LayoutGrid, List, LoaderCircle } from 'lucide-react';
import type { Series } from '../../../../shared/api/audiobook-player';
import { IMAGE_STYLES, type ImageStyle } from '../../../../shared/catalogs/image-styles';
import { cn } from '../../../lib/cn';
import { errorText, serverErrorText } from '../../../lib/error-text';
import { usePictureSource } from '../../../lib/hooks/picture-source.hook';
import { Button } from '../../../ui/button.component';
import { KeyRequiredNote } from '../../../ui/key-required-note.component';
import { toast } from '../../../ui/toast-store';
import { useSampleImage } from '../api/sample-image.api';
import { useStylePreviews } from '../api/style-previews.api';
import { drawingProvider, type PictureProvider, PROVIDER_PREFERENCE } from '../lib/player-view';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../ui/dialog.component';

/** docs/product/audiobooks.md#illustration-series: five styles, the first three on the left, two on the right. */
const AI_COLUMNS = [
  [1, 2, 3],
  [4, 5],
] as const;

/** The server takes at most this much of a sentence for a sample (`generateSampleImageRequestSchema`). */
const SAMPLE_TEXT_MAX = 200;

function useStyleName() {
  const { i18n } = useTranslation();
  const isRussian = i18n.language.startsWith('ru');
  return (style: ImageStyle) => (isRussian ? style.nameRu : style.nameEn);
}

const styleById = (id: number) => IMAGE_STYLES.find((style) => style.id === id);

/**
 * Which service draws (docs/product/decisions.md#series-without-a-key): the learner picks one; the line
 * under the choice names who really draws, and a service without its key says where the key goes while
 * the learner's own provider stands in.
 */
function ProviderChoice(props: {
  chosen: PictureProvider;
  available: ReadonlySet<PictureProvider>;
  onChoose: (provider: PictureProvider) => void;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  const drawing = drawingProvider(props.chosen, props.available);
  const label = (provider: PictureProvider) => t(`audiobookPlayer.newSeriesDialog.providers.${provider}`);
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('audiobookPlayer.newSeriesDialog.provider')}</legend>
        {PROVIDER_PREFERENCE.map((name) => (
          <Button
            key={name}
            size="sm"
            variant={props.chosen === name ? 'default' : 'outline'}
            aria-pressed={props.chosen === name}
            onClick={() => props.onChoose(name)}
          >
            {label(name)}
            {props.available.has(name) ? null : (
              <span className="text-xs opacity-75">({t('audiobookPlayer.newSeriesDialog.noKey')})</span>
            )}
          </Button>
        ))}
      </fieldset>
      <p className="text-sm font-medium" data-testid="drawing-provider">
        {drawing === props.chosen
          ? t('audiobookPlayer.aiDialog.drawnBy', { provider: label(drawing) })
          : t('audiobookPlayer.aiDialog.drawnByInstead', {
              provider: label(drawing),
              chosen: label(props.chosen),
            })}
      </p>
      {drawing === props.chosen ? null : (
        <KeyRequiredNote
          id={noteId}
          reason={t(
            props.chosen === 'leonardo'
              ? 'audiobookPlayer.aiDialog.leonardoKeyNote'
              : 'audiobookPlayer.aiDialog.openaiKeyNote',
          )}
        />
      )}
    </div>
  );
}

/** One style of the AI dialog: its preview (or the sample asked for), the style to draw, and 'Показать пример'. */
function StyleTile(props: {
  style: ImageStyle;
  name: string;
  preview: string | null;
  sample: string | null;
  isDrawingSample: boolean;
  isStarting: boolean;
  onChoose: () => void;
  onSample: () => void;
}) {
  const { t } = useTranslation();
  const picture = usePictureSource(props.sample ?? props.preview, 'card');
  return (
    <div role="group" aria-label={props.name} className="flex flex-col gap-1" data-testid="style-tile">
      <Button
        variant="outline"
        className="h-auto flex-col gap-1 p-2 whitespace-normal"
        disabled={props.isStarting}
        onClick={props.onChoose}
      >
        <span
          className="relative flex aspect-square w-full items-center justify-center overflow-hidden rounded-md text-2xl"
          style={{
            background: `linear-gradient(135deg, ${props.style.palette[0]}, ${props.style.palette[1]})`,
          }}
        >
          {picture ? (
            <img
              src={picture}
              alt=""
              className="absolute inset-0 size-full object-cover"
              data-testid="style-picture"
              data-kind={props.sample ? 'sample' : 'preview'}
            />
          ) : (
            <span aria-hidden>{props.style.iconEmoji}</span>
          )}
        </span>
        {props.name}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={t('audiobookPlayer.aiDialog.showSampleOf', { style: props.name })}
        disabled={props.isDrawingSample}
        onClick={props.onSample}
      >
        {props.isDrawingSample ? <LoaderCircle className="animate-spin" aria-hidden /> : <Eye aria-hidden />}
        {props.isDrawingSample
          ? t('audiobookPlayer.aiDialog.sampleDrawing')
          : t('audiobookPlayer.aiDialog.showSample')}
      </Button>
    </div>
  );
}

/**
 * 'Генерация изображений с ИИ' (docs/product/audiobooks.md#style-previews): a series in one of five styles.
 * Each tile shows the style's built-in preview; 'Показать пример' draws the current sentence in that style
 * by the service that would draw the series, only when pressed (a paid picture is never drawn unasked).
 */
export function AiSeriesDialog(props: {
  isOpen: boolean;
  availableProviders: ReadonlySet<PictureProvider>;
  defaultProvider: PictureProvider;
  /** What a sample draws: the sentence on screen. */
  sentence: { spanish: string; russian: string };
  isStarting: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onChoose: (style: ImageStyle, column: 'left' | 'right', chosen: PictureProvider) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useStyleName();
  const [provider, setProvider] = useState<PictureProvider | null>(null);
  const chosen = provider ?? props.defaultProvider;
  const drawing = drawingProvider(chosen, props.availableProviders);
  const previews = useStylePreviews({ isEnabled: props.isOpen });
  const sampleImage = useSampleImage();
  /** Samples by the service that drew them and the style: another service's sample is not this one's. */
  const [samples, setSamples] = useState<ReadonlyMap<string, string>>(new Map());
  const [drawingSamples, setDrawingSamples] = useState<ReadonlySet<string>>(new Set());
  const sampleKey = (styleId: number) => `${drawing}:${styleId}`;

  const failed = (description: string) =>
    toast({ title: t('audiobookPlayer.alerts.sampleFailed'), description, variant: 'destructive' });
  const drawSample = (style: ImageStyle) => {
    const key = sampleKey(style.id);
    setDrawingSamples((keys) => new Set(keys).add(key));
    sampleImage.mutate(
      {
        spanish: props.sentence.spanish.slice(0, SAMPLE_TEXT_MAX),
        russian: props.sentence.russian.slice(0, SAMPLE_TEXT_MAX),
        styleId: style.id,
        serviceProvider: drawing,
      },
      {
        onSuccess: (answer) => {
          if (answer.success && answer.imageData) {
            const imageData = answer.imageData;
            setSamples((drawn) => new Map(drawn).set(key, imageData));
          } else {
            failed(
              answer.code
                ? errorText(t, { code: answer.code, params: answer.params })
                : t('audiobookPlayer.alerts.unknownError'),
            );
          }
        },
        onError: (error) => failed(serverErrorText(t, error) ?? t('audiobookPlayer.alerts.unknownError')),
        onSettled: () =>
          setDrawingSamples((keys) => {
            const left = new Set(keys);
            left.delete(key);
            return left;
          }),
      },
    );
  };
  const previewOf = (styleId: number) =>
    previews.data?.find((preview) => preview.styleId === styleId)?.imageData ?? null;

  return (
    <Dialog open={props.isOpen} onOpenChange={props.onOpenChange}>
      <DialogContent
        className="max-h-[95dvh] max-w-md overflow-y-auto"
        closeLabel={t('audiobookPlayer.close')}
      >
        <DialogHeader>
          <DialogTitle>{t('audiobookPlayer.aiDialog.title')}</DialogTitle>
          <DialogDescription>{t('audiobookPlayer.aiDialog.description')}</DialogDescription>
        </DialogHeader>
        <ProviderChoice chosen={chosen} available={props.availableProviders} onChoose={setProvider} />
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
                  <StyleTile
                    key={style.id}
                    style={style}
                    name={nameOf(style)}
                    preview={previewOf(style.id)}
                    sample={samples.get(sampleKey(style.id)) ?? null}
                    isDrawingSample={drawingSamples.has(sampleKey(style.id))}
                    isStarting={props.isStarting}
                    onChoose={() => props.onChoose(style, at === 0 ? 'left' : 'right', chosen)}
                    onSample={() => drawSample(style)}
                  />
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
        <div className="flex flex-wrap items-start justify-between gap-3">
          <ProviderChoice
            chosen={chosenProvider}
            available={props.availableProviders}
            onChoose={setProvider}
          />
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
