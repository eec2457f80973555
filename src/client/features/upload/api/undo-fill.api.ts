import type { UploadFill } from '../../../../shared/api/uploads';
import type { WordUpdate } from '../../../../shared/api/words';
import { updateWord } from '../../../lib/api/update-word.api';

/**
 * `PUT /api/words/:id` putting back what the learner typed in place of a field the upload filled without a
 * model (docs/product/upload.md#fills-without-a-model): the Spanish without the article, or no part of speech.
 */
export function undoFill(wordId: number, fill: UploadFill) {
  const update: WordUpdate =
    fill.field === 'article' && fill.typed !== null ? { spanish: fill.typed } : { partOfSpeech: null };
  return updateWord({ wordId, update });
}
