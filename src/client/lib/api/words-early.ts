import { wordsPaths } from '../../../shared/api/words-paths';
import { apiClient } from '../api-client';

/** The page load's own request for the word list, until the first screen reads it. */
let earlyAnswer: Promise<unknown> | undefined;

/**
 * Opening the dictionary or Learn directly (a reload, a bookmark, the installed app) asks for the word list at
 * once, beside the sign-in check, instead of after it, the user and the screen's chunk: the list is usually
 * the screen's longest wait (docs/product/overview.md#serving-the-client). The answer is kept unparsed, since
 * the schema comes with the screen's chunk and not with the first page; signed out, it is a 401 nobody reads.
 */
export function startWordsEarly(pathname: string): void {
  if (!/^\/(dictionary|learn)\/?$/.test(pathname)) return;
  earlyAnswer = apiClient.get(wordsPaths.words, { parse: (value: unknown) => value });
  earlyAnswer.catch(() => undefined);
}

/** The early answer, once: the first fetch of the list takes it; every later one asks the server. */
export function takeEarlyWordsAnswer(): Promise<unknown> | undefined {
  const answer = earlyAnswer;
  earlyAnswer = undefined;
  return answer;
}
