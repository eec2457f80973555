/** Every localStorage key the client uses, in one place so that no two features collide. */
export const STORAGE_KEYS = {
  /** 'true' makes the Learn screen sort its list once on the next visit (spec part 1 §2). */
  sortWordsOnNextLearn: 'sortWordsOnNextLearn',
  /** Last router version seen; a change clears the caches once (spec part 1 §9). */
  routerVersion: 'routerVersion',
  /** 'ru' | 'en'; the interface language is kept in the browser only (spec part 1 §1). */
  interfaceLanguage: 'interfaceLanguage',
  /** Last theme from settings, applied before the first render so a dark-theme learner sees no light flash. */
  theme: 'appearanceTheme',
  /** The upload job being watched ({jobId, hasNotified} JSON), so a reload mid-job picks it up again. */
  uploadJob: 'uploadJob',
  /** 'true' makes the listened counter show 0 right after a reset; removed 100 ms after use (spec part 1 §4). */
  sessionListenCountReset: 'sessionListenCountReset',
} as const;
