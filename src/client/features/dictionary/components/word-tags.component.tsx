import { useTranslation } from 'react-i18next';
import type { WordListItem } from '../../../../shared/api/words';
import { Badge } from '../../../ui/badge.component';
import { CefrBadge } from '../../../ui/cefr-badge.component';
import { usePartOfSpeechLabel } from '../../../lib/hooks/part-of-speech-label.hook';

/** CEFR level (coloured), part of speech and theme; the caller leaves it out when showTags is off. */
export function WordTags({
  word,
}: {
  word: Pick<WordListItem, 'cefrLevel' | 'partOfSpeech' | 'themeCategory'>;
}) {
  const { t } = useTranslation();
  const partOfSpeechLabel = usePartOfSpeechLabel();
  if (!word.cefrLevel && !word.partOfSpeech && !word.themeCategory) return null;
  return (
    <div className="flex flex-wrap items-center gap-1">
      {word.cefrLevel ? <CefrBadge level={word.cefrLevel} className="h-6" /> : null}
      {word.partOfSpeech ? (
        <Badge
          variant="outline"
          title={t('dictionary.row.partOfSpeech', { value: partOfSpeechLabel(word.partOfSpeech) })}
        >
          {partOfSpeechLabel(word.partOfSpeech)}
        </Badge>
      ) : null}
      {word.themeCategory ? (
        <Badge variant="secondary" title={t('dictionary.row.themeCategory', { value: word.themeCategory })}>
          {word.themeCategory}
        </Badge>
      ) : null}
    </div>
  );
}
