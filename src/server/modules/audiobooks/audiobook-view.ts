import type { Audiobook } from '../../../shared/api/audiobooks';
import { AUDIOBOOK_LEVELS, type AudiobookLevel } from '../../../shared/catalogs/audiobook-genres';
import { ownStyleName } from '../../../shared/catalogs/image-styles';
import { coded } from '../../../shared/api/errors';
import type { audiobooks } from '../../db/schema';

export type AudiobookRow = typeof audiobooks.$inferSelect;

/** The style badge of a book's selected illustration series (null for the original pictures). */
export interface SeriesBadge {
  id: number;
  serviceProvider: string;
  imageStyle: string;
  styleName: string | null;
}

const levelOf = (value: string | null): AudiobookLevel | null =>
  (AUDIOBOOK_LEVELS as readonly string[]).includes(value ?? '') ? (value as AudiobookLevel) : null;

/**
 * A book row as the contract answers it (`GET /api/audiobooks`, `POST /api/audiobooks`…): one mapping, so
 * the library and the creation call cannot disagree on a field.
 */
export function audiobookViewOf(
  row: AudiobookRow,
  extra: { genreIds: readonly number[]; selectedSeries: SeriesBadge | null },
): Audiobook {
  return {
    id: row.id,
    title: row.title,
    genre: row.genre,
    genreNames: row.genreNames,
    genreIds: [...extra.genreIds],
    grammarLevel: levelOf(row.grammarLevel),
    targetWordCount: row.targetWordCount,
    actualWordCountTotal: row.actualWordCountTotal,
    actualWordCountSpanish: row.actualWordCountSpanish,
    sentenceCount: row.sentenceCount,
    activeWordsUsed: row.activeWordsUsed,
    totalActiveWords: row.totalActiveWords,
    passiveWordsUsed: row.passiveWordsUsed,
    totalPassiveWords: row.totalPassiveWords,
    listenCount: row.listenCount,
    coverImageData: row.coverImageData,
    imageCount: row.imageCount,
    imageStep: row.imageStep,
    verificationCompleted: row.verificationCompleted,
    selectedImageSeriesId: row.selectedImageSeriesId,
    selectedSeries: extra.selectedSeries && {
      ...extra.selectedSeries,
      styleName: ownStyleName(extra.selectedSeries.styleName),
    },
    status: row.status,
    jobId: row.creationJobId,
    // A stored error that does not read as a code shows as none rather than failing the list.
    error: row.error === null ? null : (coded.safeParse(row.error).data ?? null),
    createdAt: row.createdAt.toISOString(),
  };
}
