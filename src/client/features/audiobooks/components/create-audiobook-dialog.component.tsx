import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { AUDIOBOOK_TITLE_MAX } from '../../../../shared/api/audiobooks';
import {
  AUDIOBOOK_LEVELS,
  AUDIOBOOK_WORD_COUNT,
  type AudiobookLevel,
  DEFAULT_AUDIOBOOK_LEVEL,
} from '../../../../shared/catalogs/audiobook-genres';
import { errorText, serverErrorText } from '../../../lib/error-text';
import { useJob } from '../../../lib/jobs/job.hook';
import { pendingJob } from '../../../lib/jobs/job-state';
import { queryKeys } from '../../../lib/query-keys';
import { Button } from '../../../ui/button.component';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../ui/dialog.component';
import { toast } from '../../../ui/toast-store';
import { useAudiobookGenres } from '../api/audiobook-genres.api';
import { useCreateAudiobook } from '../api/create-audiobook.api';
import { createCreationTimers, isClosable, phaseOf } from '../lib/creation-progress';
import { genreLabel } from '../../../lib/genre-label';
import { sortGenres } from '../lib/library';
import { CreationProgress } from './creation-progress.component';

/** The dialog asks for a picture on every sentence. */
const DIALOG_IMAGE_STEP = 1;

/**
 * The create dialog (docs/product/audiobooks.md#creation): genres, level and length, then the run's
 * progress. It cannot be closed while a book is being written; it goes to the book 1 s after completion
 * and forgets the run 300 ms after it is closed.
 */
export function CreateAudiobookDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const genres = useAudiobookGenres('name');
  const create = useCreateAudiobook();
  const [selected, setSelected] = useState<number[]>([]);
  const [level, setLevel] = useState<AudiobookLevel>(DEFAULT_AUDIOBOOK_LEVEL);
  const [wordCount, setWordCount] = useState<number>(AUDIOBOOK_WORD_COUNT.default);
  const [run, setRun] = useState<{ jobId: string; audiobookId: number } | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const { job, start } = useJob(run?.jobId ?? null, {
    onFinish: () => void queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.all }),
  });
  const phase = startError ? 'error' : phaseOf(job, create.isPending);
  const timers = useRef(
    // Called through wrappers: the browser's timers refuse any `this` but the window.
    createCreationTimers({
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    }),
  );
  const levelId = useId();
  const countId = useId();
  const genresId = useId();

  useEffect(() => () => timers.current.dispose(), []);
  useEffect(() => {
    if (isOpen) timers.current.cancelReset();
  }, [isOpen]);
  useEffect(() => {
    if (phase !== 'complete' || !run) return;
    timers.current.navigateSoon(() => void navigate(`/audiobook/${run.audiobookId}`));
  }, [phase, run, navigate]);

  const label = (name: string) => genreLabel(name, (key) => t(key as never));
  const sortedGenres = useMemo(
    () => sortGenres(genres.data ?? [], 'name', label, i18n.language),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels change only with the language
    [genres.data, i18n.language],
  );

  const reset = () => {
    setRun(null);
    setStartError(null);
    setSelected([]);
    setLevel(DEFAULT_AUDIOBOOK_LEVEL);
    setWordCount(AUDIOBOOK_WORD_COUNT.default);
    create.reset();
  };
  const close = (isNowOpen: boolean) => {
    if (isNowOpen || !isClosable(phase)) return;
    onOpenChange(false);
    timers.current.resetSoon(reset);
  };

  const submit = async () => {
    if (selected.length === 0) {
      toast({ title: t('audiobookCreation.genreRequired'), variant: 'destructive' });
      return;
    }
    const names = selected.map((id) => sortedGenres.find((genre) => genre.id === id)?.name ?? '');
    try {
      const answer = await start(
        () =>
          create.mutateAsync({
            genreIds: selected,
            grammarLevel: level,
            targetWordCount: wordCount,
            // A picture for every sentence (docs/product/audiobooks.md#creation); the stored default (3) is
            // for other clients.
            imageStep: DIALOG_IMAGE_STEP,
            // Many genres make a long working title: cut to what a title may hold.
            title: t('audiobookCreation.workingTitle', { genres: names.map(label).join(', ') }).slice(
              0,
              AUDIOBOOK_TITLE_MAX,
            ),
          }),
        (started) => pendingJob(started.jobId, 8),
        { socketWaitMs: 0 },
      );
      setRun({ jobId: answer.jobId, audiobookId: answer.audiobook.id });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.all });
    } catch (error) {
      setStartError(serverErrorText(t, error) ?? t('audiobookCreation.startFailed'));
    }
  };

  const isForm = phase === 'idle' && run === null && startError === null;
  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogContent
        closeLabel={t('audiobookCreation.close')}
        hasCloseButton={isClosable(phase)}
        onEscapeKeyDown={(event) => !isClosable(phase) && event.preventDefault()}
        onPointerDownOutside={(event) => !isClosable(phase) && event.preventDefault()}
        className="max-w-xl"
      >
        <DialogHeader>
          <DialogTitle>{t('audiobookCreation.title')}</DialogTitle>
          <DialogDescription>{t('audiobookCreation.description')}</DialogDescription>
        </DialogHeader>
        {isForm ? (
          <div className="grid gap-5">
            <fieldset className="grid gap-2">
              <legend id={genresId} className="mb-2 text-sm font-medium">
                {t('audiobookCreation.genres')}
              </legend>
              {genres.isPending ? (
                <LoaderCircle className="animate-spin" aria-label={t('audiobookCreation.loading')} />
              ) : null}
              <div className="flex flex-wrap gap-2" role="group" aria-labelledby={genresId}>
                {sortedGenres.map((genre) => {
                  const isOn = selected.includes(genre.id);
                  return (
                    <Button
                      key={genre.id}
                      size="sm"
                      variant={isOn ? 'default' : 'outline'}
                      aria-pressed={isOn}
                      onClick={() =>
                        setSelected((ids) =>
                          isOn ? ids.filter((id) => id !== genre.id) : [...ids, genre.id],
                        )
                      }
                    >
                      {label(genre.name)}
                    </Button>
                  );
                })}
              </div>
            </fieldset>
            <div className="grid gap-2">
              <span id={levelId} className="text-sm font-medium">
                {t('audiobookCreation.level')}
              </span>
              <div className="flex gap-2" role="radiogroup" aria-labelledby={levelId}>
                {AUDIOBOOK_LEVELS.map((value) => (
                  <Button
                    key={value}
                    size="sm"
                    role="radio"
                    aria-checked={level === value}
                    variant={level === value ? 'default' : 'outline'}
                    onClick={() => setLevel(value)}
                  >
                    {value}
                  </Button>
                ))}
              </div>
            </div>
            <div className="grid gap-2">
              <label htmlFor={countId} className="flex justify-between text-sm font-medium">
                <span>{t('audiobookCreation.wordCount')}</span>
                <span className="tabular-nums">{wordCount}</span>
              </label>
              <input
                id={countId}
                type="range"
                min={AUDIOBOOK_WORD_COUNT.min}
                max={AUDIOBOOK_WORD_COUNT.max}
                step={AUDIOBOOK_WORD_COUNT.step}
                value={wordCount}
                onChange={(event) => setWordCount(Number(event.target.value))}
                className="w-full accent-primary"
              />
            </div>
          </div>
        ) : (
          <CreationProgress
            phase={phase}
            progress={job?.progress ?? null}
            error={startError ?? (job?.error ? errorText(t, job.error) : null)}
          />
        )}
        <DialogFooter>
          {isForm ? (
            <Button onClick={() => void submit()} disabled={create.isPending}>
              {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              {t('audiobookCreation.start')}
            </Button>
          ) : null}
          {phase === 'complete' && run ? (
            <Button onClick={() => void navigate(`/audiobook/${run.audiobookId}`)}>
              {t('audiobookCreation.open')}
            </Button>
          ) : null}
          {!isForm && isClosable(phase) ? (
            <Button variant="outline" onClick={() => close(false)}>
              {t('audiobookCreation.close')}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
