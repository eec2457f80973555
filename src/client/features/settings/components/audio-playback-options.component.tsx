import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/api/settings';
import {
  INTONATION_STYLES,
  LOOP_PLAY_ALL_OPTIONS,
  PLAY_ALL_DELAYS,
} from '../../../../shared/catalogs/voices';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { Label } from '../../../ui/label.component';
import { Field } from '../../../ui/field.component';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select.component';
import { Switch } from '../../../ui/switch.component';
import { useUpdateSettings } from '../../../lib/api/update-settings.api';

type LoopOption = (typeof LOOP_PLAY_ALL_OPTIONS)[number];
type IntonationStyle = (typeof INTONATION_STYLES)[number];

const isIntonationStyle = (value: string): value is IntonationStyle =>
  (INTONATION_STYLES as readonly string[]).includes(value);
const loopOptionOf = (value: string): LoopOption | undefined =>
  LOOP_PLAY_ALL_OPTIONS.find((option) => String(option) === value);
/** The offered pauses, with a saved one outside them (another client's) kept so the select can show it. */
const playAllDelayChoices = (saved: number): number[] =>
  (PLAY_ALL_DELAYS as readonly number[]).includes(saved)
    ? [...PLAY_ALL_DELAYS]
    : [...PLAY_ALL_DELAYS, saved].sort((a, b) => a - b);
const playAllDelayOf = (value: string): number | undefined => {
  const seconds = Number(value);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
};

/** How long the volume rests after the slider is let go before it is saved: a run of key presses is one save. */
const VOLUME_SAVE_DELAY_MS = 400;

/**
 * The volume (docs/product/learn.md#volume): moved freely and saved once it rests, so a drag or a run of arrow
 * keys is one save (several saves could land out of order). The slider shows the moved value until it is
 * saved.
 */
function VolumeSlider({ volume }: { volume: number }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const id = useId();
  const [moved, setMoved] = useState<number | null>(null);
  const pendingSave = useRef<{ timer: ReturnType<typeof setTimeout>; save: () => void } | null>(null);
  const shown = moved ?? volume;

  // Leaving the tab right after moving the slider still saves it.
  useEffect(
    () => () => {
      const pending = pendingSave.current;
      if (!pending) return;
      clearTimeout(pending.timer);
      pending.save();
    },
    [],
  );

  const commit = () => {
    if (moved === null) return;
    const value = moved;
    if (pendingSave.current) clearTimeout(pendingSave.current.timer);
    const save = () => {
      pendingSave.current = null;
      // Once saved (or failed and restored), the settings show the value again, unless it moved meanwhile.
      update.mutate(
        { volume: value },
        { onSettled: () => setMoved((current) => (current === value ? null : current)) },
      );
    };
    pendingSave.current = { timer: setTimeout(save, VOLUME_SAVE_DELAY_MS), save };
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
        onChange={(event) => setMoved(Number(event.target.value))}
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={commit}
        className="h-2 w-full cursor-pointer accent-primary"
      />
    </div>
  );
}

/** Volume, intonation, play-all loops and pause, autoplay; each saves at once. */
export function AudioPlaybackOptions({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const autoplayId = useId();
  const autoplayHintId = useId();
  const openingId = useId();
  const openingHintId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsProviders.audio.playbackTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <VolumeSlider volume={settings.volume} />

        <Field label={t('settingsProviders.audio.intonation')}>
          {(control) => (
            <Select
              value={settings.intonationStyle}
              onValueChange={(value) => {
                if (isIntonationStyle(value)) update.mutate({ intonationStyle: value });
              }}
            >
              <SelectTrigger {...control}>
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
          )}
        </Field>

        <Field label={t('settingsProviders.audio.loopPlayAll')}>
          {(control) => (
            <Select
              value={String(settings.loopPlayAll)}
              onValueChange={(value) => {
                const loops = loopOptionOf(value);
                if (loops !== undefined) update.mutate({ loopPlayAll: loops });
              }}
            >
              <SelectTrigger {...control}>
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
          )}
        </Field>

        {/* docs/product/settings.md#play-all-delay */}
        <Field
          label={t('settingsProviders.audio.playAllDelay')}
          hint={t('settingsProviders.audio.playAllDelayDescription')}
          hintClassName="text-sm"
        >
          {(control) => (
            <Select
              value={String(settings.playAllDelay)}
              onValueChange={(value) => {
                const seconds = playAllDelayOf(value);
                if (seconds !== undefined) update.mutate({ playAllDelay: seconds });
              }}
            >
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {playAllDelayChoices(settings.playAllDelay).map((seconds) => (
                  <SelectItem key={seconds} value={String(seconds)}>
                    {seconds === 0
                      ? t('settingsProviders.audio.playAllDelayNone')
                      : t('settingsProviders.audio.playAllDelaySeconds', { count: seconds })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>

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
