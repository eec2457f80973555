import { useTranslation } from 'react-i18next';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../ui/dialog.component';
import { WordDialog } from './word-dialog.component';
import { useSettings } from '../../../lib/api/settings.api';
import { useAudiobookSentences } from '../api/audiobook-sentences.api';
import type { DictionaryWord } from '../../../lib/api/words.api';
import { sentenceFontScale } from '../lib/sentence-font-size';
import { highlightWord } from '../../../lib/word-highlight';
import { HighlightedSegments } from './highlighted-segments.component';

/** The audiobook sentences that use the word, with the word marked (verbs by their stem). */
export function AudiobookSentencesDialog({
  word,
  onClose,
}: {
  word: DictionaryWord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <WordDialog word={word} onClose={onClose} className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>{t('dictionary.sentences.title', { word: word?.spanish ?? '' })}</DialogTitle>
        <DialogDescription>{t('dictionary.sentences.description')}</DialogDescription>
      </DialogHeader>
      {word ? <Sentences word={word} /> : null}
    </WordDialog>
  );
}

function Sentences({ word }: { word: DictionaryWord }) {
  const { t, i18n } = useTranslation();
  const sentences = useAudiobookSentences(word.id);
  const fontSize = useSettings().data?.fontSize;

  if (sentences.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('common.loading')}
      </p>
    );
  if (sentences.isError) return <p role="alert">{t('dictionary.sentences.loadError')}</p>;
  if (sentences.data.length === 0) return <p>{t('dictionary.sentences.notFound')}</p>;

  const books = new Set(sentences.data.map((sentence) => sentence.audiobookId)).size;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium">
        {t('dictionary.sentences.summary', { matches: sentences.data.length, books })}
      </p>
      {/* docs/product/dictionary.md#audiobook-sentences: the sentence list is at most 24rem high. */}
      <ul
        className="flex max-h-96 flex-col gap-3 overflow-y-auto pr-1"
        style={{ fontSize: `${sentenceFontScale(fontSize)}rem` }}
      >
        {sentences.data.map((sentence) => (
          <li key={sentence.id} className="rounded-md border p-3">
            <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
              <span className="font-semibold text-foreground">{sentence.audiobookTitle}</span>
              <span>{t('dictionary.sentences.order', { index: sentence.orderIndex + 1 })}</span>
              <span>{new Date(sentence.createdAt).toLocaleDateString(i18n.language)}</span>
            </p>
            <p lang="es" className="mt-1">
              <HighlightedSegments segments={highlightWord(sentence.spanish, word.spanish)} />
            </p>
            <p lang="ru" className="text-muted-foreground" style={{ fontSize: '0.9em' }}>
              {sentence.russian}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
