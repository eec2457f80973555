import { useTranslation } from 'react-i18next';
import type { ReviewQueueCard } from '../../../../shared/api/review';
import { usePictureSource } from '../../../lib/hooks/picture-source.hook';
import { RussianLine, WordPair } from '../../../ui/word-pair.component';
import { ClipButton } from './clip-button.component';

function Picture({ stored, isLarge }: { stored: string | null; isLarge: boolean }) {
  const { t } = useTranslation();
  const source = usePictureSource(stored, 'card');
  if (!source) return null;
  return (
    <img
      src={source}
      alt={t('review.picture')}
      className={
        isLarge ? 'max-h-72 w-auto rounded-lg object-contain' : 'max-h-32 w-auto rounded-md object-contain'
      }
    />
  );
}

/**
 * One card (docs/product/review.md#cards): the prompt of its direction, and once revealed the answer with
 * the word's other side, example and clip.
 */
export function ReviewCardView({
  queued,
  isRevealed,
  isAutoPlay,
}: {
  queued: ReviewQueueCard;
  isRevealed: boolean;
  /** The learner's 'play audio automatically' setting. */
  isAutoPlay: boolean;
}) {
  const { t } = useTranslation();
  const { word, direction, wordId } = queued;
  const hasSpanishAnswer = direction !== 'es-ru';

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {t(`review.direction.${direction}`)}
      </p>
      <div className="flex min-h-32 flex-col items-center justify-center gap-3" data-testid="review-prompt">
        {direction === 'es-ru' ? (
          <>
            <p lang="es" className="text-4xl font-bold break-words">
              {word.spanish}
            </p>
            <ClipButton wordId={wordId} audioData={word.audioData} isAutoPlay={isAutoPlay} />
          </>
        ) : null}
        {direction === 'ru-es' ? (
          <p lang="ru" className="text-4xl font-bold break-words">
            {word.russian}
          </p>
        ) : null}
        {direction === 'picture-es' ? <Picture stored={word.imageUrl} isLarge /> : null}
        {/* The clip is the whole prompt: it plays unless the browser waits for a tap. */}
        {direction === 'listening-es' ? (
          <ClipButton wordId={wordId} audioData={word.audioData} isAutoPlay isLarge />
        ) : null}
        {isRevealed ? null : (
          <p className="text-sm text-muted-foreground">{t(`review.prompt.${direction}`)}</p>
        )}
      </div>
      {isRevealed ? (
        <div
          className="flex w-full flex-col items-center gap-3 border-t pt-4"
          data-testid="review-answer"
          aria-live="polite"
        >
          {hasSpanishAnswer ? (
            <>
              <WordPair
                spanish={word.spanish}
                russian={word.russian}
                untranslated={t('review.noTranslation')}
                spanishClassName="text-3xl font-bold break-words"
                russianClassName="text-xl"
              />
              {direction === 'listening-es' ? null : (
                <ClipButton wordId={wordId} audioData={word.audioData} isAutoPlay={isAutoPlay} />
              )}
            </>
          ) : (
            <RussianLine
              russian={word.russian}
              untranslated={t('review.noTranslation')}
              className="text-3xl font-bold break-words"
            />
          )}
          {direction === 'picture-es' ? null : <Picture stored={word.imageUrl} isLarge={false} />}
          {word.example ? (
            <div className="max-w-prose text-sm">
              <p lang="es">{word.example}</p>
              {word.exampleTranslation ? (
                <p lang="ru" className="text-muted-foreground">
                  {word.exampleTranslation}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
