/** Every localStorage key the client uses, in one place so that no two features collide. */
export const STORAGE_KEYS = {
  /** 'true' makes the Learn screen sort its list once on the next visit (docs/product/learn.md#word-list). */
  sortWordsOnNextLearn: 'sortWordsOnNextLearn',
  /**
   * Last router version seen; a change clears the caches once (docs/product/overview.md#client-constants).
   */
  routerVersion: 'routerVersion',
  /**
   * 'ru' | 'en'; the interface language this browser shows, and the one it last agreed on with the
   * learner's saved setting: while they differ, a choice made here waits to be saved
   * (docs/product/settings.md#interface-language).
   */
  interfaceLanguage: 'interfaceLanguage',
  interfaceLanguageSaved: 'interfaceLanguageSaved',
  /** Last theme from settings, applied before the first render so a dark-theme learner sees no light flash. */
  theme: 'appearanceTheme',
  /**
   * Installed app only: when the learner was last seen signed in (ms since the epoch, refreshed every 30
   * minutes) and the screen they were on (docs/product/overview.md#installing-the-app).
   */
  pwaSessionAt: 'pwaSessionAt',
  pwaLastScreen: 'pwaLastScreen',
  /**
   * The last upload whose end this browser announced ({jobId, hasNotified} JSON), so a reload does not
   * announce it again; which upload to show the server says (docs/product/upload.md#the-upload-comes-back).
   */
  uploadJob: 'uploadJob',
  /**
   * Review grades not yet sent, per learner (`reviewOutbox:<userId>`, a JSON list in order), so a session
   * goes on offline and a reload loses none (docs/product/review.md#offline).
   */
  reviewOutbox: 'reviewOutbox',
} as const;
