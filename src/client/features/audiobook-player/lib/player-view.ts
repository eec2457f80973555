import type { Series } from '../../../../shared/api/audiobook-player';
import type { Audiobook, Sentence } from '../../../../shared/api/audiobooks';
import { HttpError, isNetworkError } from '../../../lib/api-client';
import type { PlayerWord } from '../../../lib/audio/learn-player.types';

/**
 * The player's pure rules (docs/product/audiobooks.md#player, #illustration-series): what the screen shows
 * while it loads, a sentence as the engine's item, the picture each sentence shows, the background, which
 * pictures to load, the font sizes, the genre title, and how series and their jobs read.
 */

/** A read the player waits for, as its query reports it. */
interface Read<T> {
  data: T | undefined;
  error: unknown;
}

/**
 * What the player shows before it plays (docs/product/audiobooks.md#player):
 * - notFound: no such book of this learner's (a malformed id, a 404), a book not ready yet (still written,
 *   or failed), or one without sentences: 'Аудиокнига не найдена или еще не готова';
 * - failed: a read did not succeed for another reason, after its retries: no answer at all (`isNetwork`:
 *   offline, the server down) or the server's error; offered again, as it may work a moment later;
 * - loading, then ready.
 */
export type PlayerLoad =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'failed'; isNetwork: boolean; error: unknown }
  | { kind: 'ready' };

const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

export function playerLoad(reads: {
  isIdValid: boolean;
  book: Read<Pick<Audiobook, 'status'>>;
  sentences: Read<readonly unknown[]>;
  settings: Read<unknown>;
  isPositionPending: boolean;
}): PlayerLoad {
  const { book, sentences, settings } = reads;
  if (!reads.isIdValid || isNotFound(book.error) || isNotFound(sentences.error)) return { kind: 'notFound' };
  if (book.data && book.data.status !== 'ready') return { kind: 'notFound' };
  const failed = [book, sentences, settings].find((read) => read.error !== null && read.error !== undefined);
  if (failed) return { kind: 'failed', isNetwork: isNetworkError(failed.error), error: failed.error };
  if (!book.data || !sentences.data || settings.data === undefined || reads.isPositionPending) {
    return { kind: 'loading' };
  }
  return sentences.data.length === 0 ? { kind: 'notFound' } : { kind: 'ready' };
}

/**
 * The genre title: every genre the book was written for, in its order (built-in ones in the interface
 * language, a learner's own as named); the first genre alone for a book that lists none.
 */
export function genreTitle(
  book: Pick<Audiobook, 'genre' | 'genreNames'>,
  label: (name: string) => string,
): string {
  const names = book.genreNames.length > 0 ? book.genreNames : book.genre ? [book.genre] : [];
  return names.map(label).join(', ');
}

/** docs/product/audiobooks.md#player: font size 60–150 %, in steps of 10. */
export const FONT_SCALE = { min: 60, max: 150, step: 10 } as const;

export const clampFontScale = (scale: number): number =>
  Math.min(FONT_SCALE.max, Math.max(FONT_SCALE.min, Math.round(scale / FONT_SCALE.step) * FONT_SCALE.step));

export const stepFontScale = (scale: number, direction: 1 | -1): number =>
  clampFontScale(scale + direction * FONT_SCALE.step);

/** Sentence text is 2 rem times the scale; its translation 10 points smaller. */
export function fontSizes(scale: number): { sentence: string; translation: string } {
  const rem = (2 * clampFontScale(scale)) / 100;
  return { sentence: `${rem}rem`, translation: `calc(${rem}rem - 10pt)` };
}

/** A sentence as the playback engine's item: its listens are the count the Russian voice fades by. */
export const sentenceItem = (sentence: Sentence, picture: string | null): PlayerWord => ({
  id: sentence.id,
  spanish: sentence.spanish,
  russian: sentence.russian,
  example: null,
  exampleTranslation: null,
  attempts: sentence.listenCount,
  audioData: sentence.audioData,
  russianAudioData: sentence.russianAudioData,
  secondVoiceAudioData: sentence.secondVoiceAudioData,
  imageUrl: picture,
  isActive: true,
  isSpacedRepetitionDue: false,
});

/**
 * The picture of each sentence: the shown series' one where it has drawn it, else the book's own (a series
 * still being drawn, or an empty one, shows the book's pictures meanwhile).
 */
export function sentencePictures(
  sentences: readonly Sentence[],
  seriesItems: ReadonlyMap<number, string> | null,
): (string | null)[] {
  return sentences.map((sentence) => seriesItems?.get(sentence.id) ?? sentence.imageData);
}

/** The background: the current sentence's picture, else the nearest earlier one; null when none is earlier. */
export function backgroundPicture(pictures: readonly (string | null)[], index: number): string | null {
  for (let at = Math.min(index, pictures.length - 1); at >= 0; at -= 1) {
    const picture = pictures[at];
    if (picture) return picture;
  }
  return null;
}

/** docs/product/audiobooks.md#illustration-series: 10 pictures at first, then 5 ahead of the current one. */
export const PRELOAD_FIRST = 10;
export const PRELOAD_AHEAD = 5;

export function picturesToPreload(index: number, count: number, isFirstLoad: boolean): number[] {
  const [from, to] = isFirstLoad ? [0, PRELOAD_FIRST] : [index + 1, index + 1 + PRELOAD_AHEAD];
  const indices: number[] = [];
  for (let at = Math.max(0, from); at < Math.min(count, to); at += 1) indices.push(at);
  return indices;
}

export const isSeriesIncomplete = (series: Series): boolean =>
  series.completedSentences < series.totalSentences;
export const isSeriesEmpty = (series: Series): boolean => series.totalSentences === 0;

/** The series a runtime job is drawing now (the series list names the job: docs/product/decisions.md#series-progress-is-the-jobs). */
export const drawingSeries = (series: readonly Series[]): (Series & { jobId: string })[] =>
  series.filter((entry): entry is Series & { jobId: string } => entry.jobId !== null);

/** 'processed/total' of a followed job, or '0/?' before the job has counted what it will draw. */
export const jobCountLabel = (live: { processed: number; total: number } | undefined): string =>
  live && live.total > 0 ? `${live.processed}/${live.total}` : '0/?';

/** The status bar's pictures per provider: the book's own, and each series' provider. */
export function picturesByProvider(
  stats: readonly { serviceProvider: string; count: number }[],
): { provider: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const entry of stats)
    counts.set(entry.serviceProvider, (counts.get(entry.serviceProvider) ?? 0) + entry.count);
  return [...counts].filter(([, count]) => count > 0).map(([provider, count]) => ({ provider, count }));
}

export type PictureProvider = 'leonardo' | 'openai' | 'builtin';

/** The learner's picture provider, as the server chooses it: Leonardo, else OpenAI, else the built-in one. */
export const PROVIDER_PREFERENCE: readonly PictureProvider[] = ['leonardo', 'openai', 'builtin'];

/**
 * Who draws a series the learner asked of `chosen` (docs/product/decisions.md#series-without-a-key): that
 * provider with its key; without it, the learner's own provider, down to the built-in pictures, which need
 * none. Drawing never fails for want of a key; the dialog says who stands in.
 */
export function drawingProvider(
  chosen: PictureProvider,
  available: ReadonlySet<PictureProvider>,
): PictureProvider {
  if (available.has(chosen)) return chosen;
  return PROVIDER_PREFERENCE.find((provider) => available.has(provider)) ?? 'builtin';
}
