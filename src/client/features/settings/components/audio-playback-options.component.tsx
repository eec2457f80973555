import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/api/settings';
import { INTONATION_STYLES, LOOP_PLAY_ALL_OPTIONS } from '../../../../shared/catalogs/voices';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { Label } from '../../../ui/label.component';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select.component';
import { Switch } from '../../../ui/switch.component';
import { useUpdateSettings } from '../../../lib/api/update-settings.api';

type LoopOption = (typeof LOOP_PLAY_ALL_OPTIONS)[number];
type IntonationStyle = (typeof INTONATION_STYLES)[number];

const isIntonationStyle = (value: string): value is IntonationStyle =>
  (INTONATION_STYLES as readonly string[]).includes(value);
const loopOptionOf = (value: string): LoopOption | undefined =>
  LOOP_PLAY_ALL_OPTIONS.find((option) => String(option) === value);

/**
 * The volume (docs/product/learn.md#volume): dragged freely, saved once when let go, so a drag is one save
 * and not one per step.
 */
function VolumeSlider({ volume }: { volume: number }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const id = useId();
  const [dragged, setDragged] = useState<number | null>(null);
  const shown = dragged ?? volume;
  const commit = () => {
    if (dragged === null) return;
    setDragged(null);
    if (dragged !== volume) update.mutate({ volume: dragged });
  };
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id}>{t('settingsProviders.audio.volume')}</Label>
        <span className="text-sm tabular-nums text-muted-foreground" aria-hidden>
          {t('settingsProviders.audio.volumeValue', { value: shown })}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={5}
        value={shown}
        aria-valuetext={t('settingsProviders.audio.volumeValue', { value: shown })}
        onChange={(event) => setDragged(Number(event.target.value))}
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={commit}
        className="h-2 w-full cursor-pointer accent-primary"
      />
    </div>
  );
}

/** Volume, intonation, autoplay and play-all loops; each saves at once. */
export function AudioPlaybackOptions({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const intonationId = useId();
  const autoplayId = useId();
  const autoplayHintId = useId();
  const openingId = useId();
  const openingHintId = useId();
  const loopId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsProviders.audio.playbackTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <VolumeSlider volume={settings.volume} />

        <div className="flex flex-col gap-2">
          <Label htmlFor={intonationId}>{t('settingsProviders.audio.intonation')}</Label>
          <Select
            value={settings.intonationStyle}
            onValueChange={(value) => {
              if (isIntonationStyle(value)) update.mutate({ intonationStyle: value });
            }}
          >
            <SelectTrigger id={intonationId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {INTONATION_STYLES.map((style) => (
                <SelectItem key={style} value={style}>
                  {t(`settingsProviders.audio.intonationStyles.${style}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <div className="flex flex-col gap-2">
          <Label htmlFor={loopId}>{t('settingsProviders.audio.loopPlayAll')}</Label>
          <Select
            value={String(settings.loopPlayAll)}
            onValueChange={(value) => {
              const loops = loopOptionOf(value);
              if (loops !== undefined) update.mutate({ loopPlayAll: loops });
            }}
          >
            <SelectTrigger id={loopId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LOOP_PLAY_ALL_OPTIONS.map((loops) => (
                <SelectItem key={loops} value={String(loops)}>
                  {loops === 0
                    ? t('settingsProviders.audio.loopOff')
                    : t('settingsProviders.audio.loopCount', { count: loops })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <div className="flex items-start justify-between gap-4 sm:col-span-2">
          <div className="flex flex-col gap-1">
            <Label htmlFor={autoplayId}>{t('settingsProviders.audio.autoplay')}</Label>
            <p id={autoplayHintId} className="text-sm text-muted-foreground">
              {t('settingsProviders.audio.autoplayDescription')}
            </p>
          </div>
          <Switch
            id={autoplayId}
            aria-describedby={autoplayHintId}
            checked={settings.autoplayAudio}
            onCheckedChange={(isChecked) => update.mutate({ autoplayAudio: isChecked })}
          />
        </div>

        <div className="flex items-start justify-between gap-4 sm:col-span-2">
          <div className="flex flex-col gap-1">
            <Label htmlFor={openingId}>{t('settingsProviders.audio.autoPlayNavigation')}</Label>
            <p id={openingHintId} className="text-sm text-muted-foreground">
              {t('settingsProviders.audio.autoPlayNavigationDescription')}
            </p>
          </div>
          {/* docs/product/learn.md#playing-on-opening */}
          <Switch
            id={openingId}
            aria-describedby={openingHintId}
            checked={settings.autoPlayNavigation}
            onCheckedChange={(isChecked) => update.mutate({ autoPlayNavigation: isChecked })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
