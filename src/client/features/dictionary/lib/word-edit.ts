import type { WordListItem, WordUpdate } from '../../../../shared/api/words';
import {
  CEFR_LEVELS,
  type CefrLevel,
  PARTS_OF_SPEECH,
  type PartOfSpeech,
} from '../../../../shared/catalogs/word-tags';

/**
 * The word card's edit form (docs/product/dictionary.md#word-editing): the fields as typed, and what of them
 * the learner changed, which is all the edit sends.
 */
export interface WordDraft {
  spanish: string;
  russian: string;
  example: string;
  exampleTranslation: string;
  /** '' for none. */
  partOfSpeech: PartOfSpeech | '';
  cefrLevel: CefrLevel | '';
  themeCategory: string;
}

type EditableWord = Pick<
  WordListItem,
  'spanish' | 'russian' | 'example' | 'exampleTranslation' | 'partOfSpeech' | 'cefrLevel' | 'themeCategory'
>;

const isPartOfSpeech = (value: string | null): value is PartOfSpeech =>
  (PARTS_OF_SPEECH as readonly (string | null)[]).includes(value);
const isCefrLevel = (value: string | null): value is CefrLevel =>
  (CEFR_LEVELS as readonly (string | null)[]).includes(value);

/** The form filled from the word; a tag outside the catalogues shows as none. */
export function draftOf(word: EditableWord): WordDraft {
  const cefrLevel = word.cefrLevel?.toUpperCase() ?? null;
  return {
    spanish: word.spanish,
    russian: word.russian,
    example: word.example ?? '',
    exampleTranslation: word.exampleTranslation ?? '',
    partOfSpeech: isPartOfSpeech(word.partOfSpeech) ? word.partOfSpeech : '',
    cefrLevel: isCefrLevel(cefrLevel) ? cefrLevel : '',
    themeCategory: word.themeCategory ?? '',
  };
}

const orNull = (text: string) => {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * Only the fields that differ from the word: an untouched tag the catalogues do not know (from older data)
 * is not cleared by saving the texts.
 */
export function changesOf(word: EditableWord, initial: WordDraft, draft: WordDraft): WordUpdate {
  const update: WordUpdate = {};
  if (draft.spanish.trim() !== word.spanish) update.spanish = draft.spanish.trim();
  if (draft.russian.trim() !== word.russian) update.russian = draft.russian.trim();
  if (orNull(draft.example) !== word.example) update.example = orNull(draft.example);
  if (orNull(draft.exampleTranslation) !== word.exampleTranslation) {
    update.exampleTranslation = orNull(draft.exampleTranslation);
  }
  if (draft.partOfSpeech !== initial.partOfSpeech) update.partOfSpeech = draft.partOfSpeech || null;
  if (draft.cefrLevel !== initial.cefrLevel) update.cefrLevel = draft.cefrLevel || null;
  if (orNull(draft.themeCategory) !== (word.themeCategory ?? null)) {
    update.themeCategory = orNull(draft.themeCategory);
  }
  return update;
}

type Clips = Pick<WordListItem, 'audioData' | 'russianAudioData' | 'secondVoiceAudioData'>;
const CLIP_FIELDS = ['audioData', 'russianAudioData', 'secondVoiceAudioData'] as const;

/** Whether the edit took away a clip the word had: the card then offers to record it again. */
export function hasClearedClips(before: Clips, after: Clips): boolean {
  return CLIP_FIELDS.some((field) => before[field] !== null && after[field] === null);
}
