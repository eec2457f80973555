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
} as const;
