import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sentence } from '../../../../shared/api/audiobooks';
import { cn } from '../../../lib/cn';

interface PlayerTranscriptProps {
  sentences: readonly Sentence[];
  index: number;
  isTranslationShown: boolean;
  onChoose: (index: number) => void;
}

/**
 * The whole text (docs/product/audiobooks.md#player): the sentence playing is highlighted and kept in view
 * (read-along); tapping a sentence jumps there and plays it.
 */
export function PlayerTranscript({ sentences, index, isTranslationShown, onChoose }: PlayerTranscriptProps) {
  const { t } = useTranslation();
  const currentRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [index]);
  return (
    <section
      aria-label={t('audiobookPlayer.transcript.title')}
      className="absolute inset-x-0 top-24 bottom-28 z-10 mx-auto max-w-2xl overflow-y-auto overscroll-contain rounded-2xl bg-black/70 p-3 text-white backdrop-blur"
    >
      <h2 className="sr-only">{t('audiobookPlayer.transcript.title')}</h2>
      <ol className="flex flex-col gap-1">
        {sentences.map((sentence, at) => (
          <li key={sentence.id}>
            <button
              type="button"
              ref={at === index ? currentRef : undefined}
              aria-current={at === index ? 'true' : undefined}
              onClick={() => onChoose(at)}
              className={cn(
                'w-full rounded-lg px-3 py-2 text-left transition-colors hover:bg-white/10',
                at === index && 'bg-white/20 ring-2 ring-[var(--accent-text)]',
              )}
            >
              <span lang="es" className="block">
                {sentence.spanish}
              </span>
              {isTranslationShown ? (
                <span lang="ru" className="block text-sm text-white/75">
                  {sentence.russian}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
