import { authPaths } from '../../../shared/api/auth-paths';
import { progressPaths } from '../../../shared/api/progress-paths';
import { reviewPaths } from '../../../shared/api/review-paths';
import { settingsPaths } from '../../../shared/api/settings-paths';
import { uploadPaths } from '../../../shared/api/upload-paths';
import { wordsPaths } from '../../../shared/api/words-paths';
import { type AnswerParser, apiClient, type QueryParams, type RequestOptions } from '../api-client';

/**
 * Answers a page load asked for at once, beside the sign-in check, instead of after it, the user and the
 * screen's chunk (docs/product/overview.md#serving-the-client), kept unparsed (the schemas come with the
 * screens, not with the first page) until the screen's first fetch of the same call takes them.
 */
const earlyAnswers = new Map<string, Promise<unknown>>();

const keyOf = (path: string, query: QueryParams = {}) =>
  `${path}?${Object.entries(query)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&')}`;

function askEarly(path: string, query?: QueryParams): void {
  const answer = apiClient.get(path, { parse: (value: unknown) => value }, { query });
  // Signed out, the answer is a 401 that nobody reads.
  answer.catch(() => undefined);
  earlyAnswers.set(keyOf(path, query), answer);
}

/** Home's slice of recent words (features/home: the same query). */
export const RECENT_WORDS_LIMIT = 7;

/**
 * Screens without the navigation bar, so without the user menu that asks for the user: the full-screen
 * players and the sign-in pages.
 */
const WITHOUT_BAR = /^\/(learn|audiobook\/[^/]+|login|register|auth-error)\/?$/;

/**
 * What the screen at `pathname` will ask for first, when the page came with the server's session hint
 * (`isProbablySignedIn`): on every signed-in screen the settings (applied for the signed-in learner), and the
 * user wherever the bar's user menu shows; the word list on the dictionary, Learn and upload; the
 * spaced-repetition list on the dictionary and Learn; the running or last upload on upload; home's progress,
 * recent words and review figures. So the first screen renders once, with its answers, instead of once per
 * answer. Each is asked for only where the first screen reads it: an answer nobody takes would be served,
 * stale, to the first later fetch of the same call.
 */
export function startEarlyRequests(pathname: string, isProbablySignedIn: boolean): void {
  if (!isProbablySignedIn) return;
  askEarly(settingsPaths.settings);
  if (!WITHOUT_BAR.test(pathname)) askEarly(authPaths.user);
  const screen = /^\/(dictionary|learn|upload)\/?$/.exec(pathname)?.[1];
  if (screen) askEarly(wordsPaths.words);
  if (screen === 'dictionary' || screen === 'learn') askEarly(wordsPaths.spacedRepetition);
  if (screen === 'upload') askEarly(uploadPaths.current);
  if (pathname === '/') {
    askEarly(progressPaths.progress);
    askEarly(wordsPaths.words, { limit: RECENT_WORDS_LIMIT });
    askEarly(reviewPaths.stats);
  }
}

/**
 * A GET that takes the page load's early answer to the same call when there is one (once: every later fetch
 * asks the server); an early answer that failed (signed out then, or offline) is asked again.
 */
export async function getPreferringEarly<T>(
  path: string,
  parser: AnswerParser<T>,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<T> {
  const key = keyOf(path, options.query);
  const early = earlyAnswers.get(key);
  if (early) {
    earlyAnswers.delete(key);
    try {
      return parser.parse(await early);
    } catch {
      // Ask again below.
    }
  }
  return apiClient.get(path, parser, options);
}
