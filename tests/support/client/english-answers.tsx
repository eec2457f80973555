import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import { type Audiobook, audiobookPaths, genreListSchema } from '../../../src/shared/api/audiobooks';
import { currentUploadSchema } from '../../../src/shared/api/jobs';
import { reviewPaths } from '../../../src/shared/api/review-paths';
import { reviewQueueSchema } from '../../../src/shared/api/review';
import { type Settings, settingsPaths } from '../../../src/shared/api/settings';
import { historySchema, statsPaths } from '../../../src/shared/api/stats';
import { uploadPaths } from '../../../src/shared/api/upload-paths';
import { wordsPaths } from '../../../src/shared/api/words-paths';
import { type WordListItem, wordListSchema } from '../../../src/shared/api/words';
import { BUILTIN_AUDIOBOOK_GENRES } from '../../../src/shared/catalogs/audiobook-genres';
import { App } from '../../../src/client/app/app.component';
import { changeInterfaceLanguage, initInterfaceTexts } from '../../../src/client/i18n/setup';
import { createQueryClient } from '../../../src/client/lib/query-client';
import { bookAnswer } from './audiobook-answers';
import type { FakeApi } from './fake-api';
import { useFakeClient } from './fake-client';
import { learnerSettings, answerSignedInLearner } from './render-client';
import { listedWord } from './word-fixtures';
import { answerNewLearnerHome } from './shell-answers';

/**
 * The English interface as a learner reads it (docs/product/errors.md#interface-language): the whole app
 * rendered at a path in English, and a scan of what the page shows for Cyrillic.
 */

/** Russian that is content, not interface (docs/product/errors.md#interface-language). */
export const RUSSIAN_CONTENT = [
  'Русский',
  'дом',
  'собака',
  'книга',
  'солнце',
  'доброе утро',
  'Привет! Я буду читать тебе переводы.',
] as const;

/** Everything a learner reads or hears on the page now, as [where, text] pairs. */
export function readableTexts(root: ParentNode = document.body): Array<[string, string]> {
  const found: Array<[string, string]> = [['document title', document.title]];
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const label = element.getAttribute('aria-label') ?? element.getAttribute('data-testid') ?? '';
    return `<${element.tagName.toLowerCase()}${id}${label ? ` "${label}"` : ''}>`;
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent?.trim();
    if (!parent || !text || parent.closest('script, style, noscript, template')) continue;
    found.push([describe(parent), text]);
  }
  const attributes = ['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt'];
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of attributes) {
      const value = element.getAttribute(attribute)?.trim();
      if (value) found.push([`${describe(element)}[${attribute}]`, value]);
    }
  }
  return found;
}

/** Russian on the page outside the listed content and `alsoAllowed` (the learner's name, say). */
export function russianOnPage(alsoAllowed: readonly string[] = []): string[] {
  const allowed = [...RUSSIAN_CONTENT, ...alsoAllowed];
  return readableTexts()
    .filter(([, text]) =>
      /\p{Script=Cyrillic}/u.test(allowed.reduce((rest, ok) => rest.split(ok).join(''), text)),
    )
    .map(([where, text]) => `${where}: ${text}`);
}

export function expectEnglish(state: string, alsoAllowed: readonly string[] = []): void {
  expect(russianOnPage(alsoAllowed), `Russian text in the English interface (${state})`).toEqual([]);
}

/** The interface texts in English, as a browser that chose English has them. */
async function showEnglish(): Promise<void> {
  initInterfaceTexts();
  await changeInterfaceLanguage('en');
}

/**
 * An English test file's client: the fake client (fake-client.ts), and before each test a browser that
 * chose English with nothing else stored. Call at the top of a file, before its own `beforeEach`.
 */
export function useEnglishClient(): { readonly api: FakeApi } {
  const fakeClient = useFakeClient();
  beforeEach(async () => {
    localStorage.clear();
    await showEnglish();
  });
  return fakeClient;
}

/** The whole app at `path`, as the browser opens it. */
export function renderApp(path: string) {
  window.history.pushState({}, '', path);
  const queryClient = createQueryClient();
  return { queryClient, ...render(<App queryClient={queryClient} />) };
}

export async function findHeading(name: string | RegExp) {
  return waitFor(() => screen.getByRole('heading', { level: 1, name }), { timeout: 5_000 });
}

/** The learner's settings as `GET /api/settings` answers them (as answerSignedInLearner's). */
export function settingsOf(settings: Partial<Settings>): Settings {
  return learnerSettings(settings);
}

/** The learner's own name, Russian as the seeded learners' are: content, allowed on every page. */
export const LEARNER_NAME = ['Марина', 'Тестова'] as const;
export const TODAY = '2026-03-02';

/**
 * A signed-in learner with no words and no books, whose browser chose English before signing in: every call
 * the screens make when first opened, answered as the server would for a new account.
 */
export function answerNewLearner(api: FakeApi, settings: Partial<Settings> = {}): void {
  let saved: Partial<Settings> = { interfaceLanguage: 'en', ...settings };
  answerSignedInLearner(api, saved);
  // The browser's unsaved choice of English is saved as the learner's setting, answered as saved.
  api.on('PUT', settingsPaths.settings, (request) => {
    saved = { ...saved, ...(request.body as Partial<Settings>) };
    answerSignedInLearner(api, saved);
    return { body: settingsOf(saved) };
  });
  answerNewLearnerHome(api, { today: TODAY });
  api.on('GET', statsPaths.history, () => ({
    body: historySchema.parse({
      today: TODAY,
      activityStartsOn: null,
      weeks: [{ weekStart: TODAY, wordsAdded: 0, wordsKnown: 0 }],
      days: [{ day: TODAY, reviews: 0, listeningMinutes: 0, hasData: false }],
      forecast: [{ day: TODAY, count: 0 }],
    }),
  }));
  api.on('GET', reviewPaths.queue, () => ({
    body: reviewQueueSchema.parse({
      cards: [],
      scheduler: { kind: 'fixed' },
      isTypedAnswer: false,
      today: TODAY,
      hasMoreNew: false,
    }),
  }));
  api.on('GET', wordsPaths.words, () => ({ body: [] }));
  api.on('GET', wordsPaths.spacedRepetition, () => ({ body: [] }));
  api.on('GET', uploadPaths.current, () => ({ body: currentUploadSchema.parse({ job: null }) }));
  api.on('GET', audiobookPaths.genres, () => ({
    body: genreListSchema.parse(
      BUILTIN_AUDIOBOOK_GENRES.map((name, index) => ({
        id: index + 1,
        name,
        isBuiltin: true,
        createdAt: '2026-03-01T00:00:00.000Z',
      })),
    ),
  }));
  api.on('GET', audiobookPaths.books, () => ({ body: [] }));
}

/** Opens a Radix menu or option list from the keyboard: happy-dom sends none of the pointer events Radix reads. */
export function openWithKeyboard(trigger: HTMLElement): void {
  fireEvent.keyDown(trigger, { key: 'Enter' });
}

/** A word as `GET /api/words` lists it: no media, never studied. */
export function wordOf(
  id: number,
  spanish: string,
  russian: string,
  word: Partial<WordListItem> = {},
): WordListItem {
  return listedWord(id, spanish, russian, { createdAt: `${TODAY}T08:00:00.000Z`, ...word });
}

/**
 * The upload's four words, as the browser test's learner has them: Latin-only translations (so the
 * learner's words need no exclusion) and one kept without a translation (docs/product/upload.md#spanish-only-lines).
 */
export const LEARNER_WORDS: readonly WordListItem[] = wordListSchema.parse([
  wordOf(4, 'nadar', ''),
  wordOf(3, 'cantar', 'to sing', { partOfSpeech: 'verb', cefrLevel: 'A1' }),
  wordOf(2, 'el perro', 'dog', { partOfSpeech: 'noun', cefrLevel: 'A1', listenCount: 2 }),
  wordOf(1, 'la casa', 'house', { partOfSpeech: 'noun', cefrLevel: 'A1', themeCategory: 'home' }),
]);

/** A new learner's answers (answerNewLearner), with `words` in the dictionary. */
export function answerLearnerWithWords(
  api: FakeApi,
  words: readonly WordListItem[] = LEARNER_WORDS,
  settings: Partial<Settings> = {},
): void {
  answerNewLearner(api, settings);
  api.on('GET', wordsPaths.words, () => ({ body: wordListSchema.parse(words) }));
}

/** A ready book as the library lists it, its title in English (bookAnswer's is Russian content). */
export function bookOf(book: Partial<Audiobook> = {}): Audiobook {
  return bookAnswer(1, ['adventure'], {
    title: 'Adventure',
    genreIds: [1],
    grammarLevel: 'A2',
    targetWordCount: 300,
    actualWordCountTotal: 320,
    actualWordCountSpanish: 160,
    sentenceCount: 12,
    activeWordsUsed: 4,
    totalActiveWords: 5,
    passiveWordsUsed: 0,
    totalPassiveWords: 0,
    coverImageData: null,
    imageCount: 4,
    imageStep: 3,
    createdAt: `${TODAY}T08:00:00.000Z`,
    ...book,
  });
}
