import { z } from 'zod';
import { httpUrl, providerKey, safeText } from './fields';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '../calendar/learner-day';
import {
  COLOR_SCHEMES,
  DEFAULT_APPEARANCE,
  FONT_COLOR_SCHEMES,
  FONT_SIZES,
  INTERFACE_LANGUAGES,
  THEME_MODES,
  THEMES,
} from '../catalogs/appearance';
import { IMAGE_FORMATS, UPLOAD_IMAGE_STYLES } from '../catalogs/image-styles';
import {
  AUDIO_SWITCH_BEHAVIORS,
  AUTOMATIC_BILINGUAL_MODES,
  INTONATION_STYLES,
  LOOP_PLAY_ALL_OPTIONS,
  SPEECH_SPEEDS,
  VOICE_STYLES,
} from '../catalogs/voices';
import { REVIEW_DIRECTIONS, REVIEW_SCHEDULERS } from '../catalogs/review';
export { settingsPaths } from './settings-paths';

const literalOf = <const T extends readonly (string | number)[]>(values: T) =>
  z.union(values.map((value) => z.literal(value)) as unknown as [z.ZodLiteral<T[number]>]);

const percentScale = z.number().int().min(60).max(150);
const threshold = z.number().int().min(10).max(100);

/**
 * Every stored setting a learner can change, with the defaults of docs/product/settings.md#defaults.
 * Provider keys are write-only and live in `settingsUpdateSchema`; answers carry `has…ApiKey` instead.
 */
export const settingsValuesSchema = z.object({
  openaiModel: safeText().trim().min(1).max(100),
  openaiBaseUrl: httpUrl().nullable(),
  audiobookRequirements: safeText().max(5000),

  defaultVoiceStyle: z.enum(VOICE_STYLES),
  speechSpeed: literalOf(SPEECH_SPEEDS),
  intonationStyle: z.enum(INTONATION_STYLES),
  spanishVoices: z.array(safeText().trim().min(1).max(100)).max(2),
  russianVoice: safeText().trim().min(1).max(100).nullable(),
  preferredVoice: safeText().trim().min(1).max(100).nullable(),

  defaultImageStyle: z.enum(UPLOAD_IMAGE_STYLES),
  imageFormat: z.enum(IMAGE_FORMATS),
  autoGenerateImages: z.boolean(),
  optimizeImages: z.boolean(),
  showOnlyLatestImage: z.boolean(),
  keepAllImageVersions: z.boolean(),
  dramaticImageStyle: z.boolean(),
  maxImagesInDetail: z.number().int().min(1).max(20),
  imageLayoutStyle: z.enum(['grid', 'list', 'carousel']),
  selectedImageStyles: z.array(safeText().trim().min(1).max(50)).max(20),
  selectedImageStyle: safeText().trim().min(1).max(50).nullable(),
  defaultAudiobookImageStyle: safeText().trim().min(1).max(50),
  fullscreenImage: z.boolean(),
  lowQualityImages: z.boolean(),
  showAudiobookCovers: z.boolean(),

  themeMode: z.enum(THEME_MODES),
  theme: z.enum(THEMES),
  colorScheme: z.enum(COLOR_SCHEMES),
  overlayOpacity: z.number().int().min(0).max(100),
  fontColorScheme: z.enum(FONT_COLOR_SCHEMES),
  fontSize: z.enum(FONT_SIZES),
  learnFontScale: percentScale,
  audiobookFontScale: percentScale,
  bottomMenuAlignment: z.enum(['center', 'right']),
  showStatsBar: z.boolean(),
  interfaceLanguage: z.enum(INTERFACE_LANGUAGES),

  vocabularyLevel: z.number().int().min(100).max(10000),
  autoplayAudio: z.boolean(),
  autoPlayNavigation: z.boolean(),
  volume: z.number().int().min(0).max(100),
  playAllDelay: z.number().int().min(0).max(60),
  loopPlayAll: literalOf(LOOP_PLAY_ALL_OPTIONS),
  dailyWordGoal: z.number().int().min(1).max(1000),
  dailyTimeGoal: z.number().int().min(1).max(1440),
  /**
   * The learner's IANA time zone, saved by the client from the browser: every 'today' is a day on this
   * clock (docs/product/progress.md#learner-day).
   */
  timeZone: z.string().transform((name, context) => {
    const canonical = canonicalTimeZone(name);
    if (canonical === undefined) {
      context.addIssue({ code: 'custom', message: 'Not an IANA time zone name' });
      return z.NEVER;
    }
    return canonical;
  }),
  audioSwitchBehavior: z.enum(AUDIO_SWITCH_BEHAVIORS),
  spacedRepetitionIntervals: z.array(z.number().int().min(1).max(365)).min(1).max(20),
  lastUsedSupplementaryWord: safeText().max(200).nullable(),

  showSpanishSubtitles: z.boolean(),
  showSpanishSentences: z.boolean(),
  showTranslations: z.boolean(),
  showWordTranslations: z.boolean(),
  showPhraseTranslations: z.boolean(),
  showAudiobookTranslations: z.boolean(),
  showTags: z.boolean(),
  showAudioCount: z.boolean(),
  showImageCount: z.boolean(),
  showListenCount: z.boolean(),
  phraseTranslationMode: z.enum(['phrase', 'word']),
  integratedText: z.boolean(),

  bilingualPlayback: z.boolean(),
  bilingualPlaybackLearn: z.boolean(),
  bilingualPlaybackAudiobook: z.boolean(),
  automaticBilingual: z.enum(AUTOMATIC_BILINGUAL_MODES),

  listenThresholdWarning: threshold,
  listenThresholdSafe: threshold,
  listenThresholdAuto: threshold,

  dailyStudyReminders: z.boolean(),
  achievementNotifications: z.boolean(),
  weeklyProgressReminders: z.boolean(),

  /** The review mode's choices (docs/product/review.md#settings). Directions are kept in catalogue order. */
  reviewDirections: z
    .array(z.enum(REVIEW_DIRECTIONS))
    .min(1)
    .max(REVIEW_DIRECTIONS.length)
    .transform((chosen) => REVIEW_DIRECTIONS.filter((direction) => chosen.includes(direction))),
  reviewScheduler: z.enum(REVIEW_SCHEDULERS),
  reviewDesiredRetention: z.number().min(0.7).max(0.99),
  reviewNewPerDay: z.number().int().min(0).max(1000),
  reviewMaxPerDay: z.number().int().min(0).max(10000),
  reviewTypedAnswers: z.boolean(),
  reviewMasteredLeavesLearn: z.boolean(),
  /** Whether a word's other directions wait for the learner's next day once one was graded. */
  reviewBurySiblings: z.boolean(),
});
export type SettingsValues = z.infer<typeof settingsValuesSchema>;

export const settingsDefaults: SettingsValues = {
  openaiModel: 'gpt-4o',
  openaiBaseUrl: null,
  audiobookRequirements: '',

  defaultVoiceStyle: 'neutral',
  speechSpeed: 1.0,
  intonationStyle: 'excited-female',
  spanishVoices: [],
  russianVoice: null,
  preferredVoice: null,

  defaultImageStyle: 'sketch',
  imageFormat: 'square',
  autoGenerateImages: true,
  optimizeImages: true,
  showOnlyLatestImage: false,
  keepAllImageVersions: true,
  dramaticImageStyle: true,
  maxImagesInDetail: 1,
  imageLayoutStyle: 'grid',
  selectedImageStyles: [],
  selectedImageStyle: null,
  defaultAudiobookImageStyle: 'realistic',
  fullscreenImage: false,
  lowQualityImages: true,
  showAudiobookCovers: true,

  // The schema's auto departs: manual keeps a new learner's theme dark (docs/product/decisions.md#settings-stored-and-read).
  themeMode: 'manual',
  theme: DEFAULT_APPEARANCE.theme,
  colorScheme: DEFAULT_APPEARANCE.colorScheme,
  overlayOpacity: 50,
  fontColorScheme: DEFAULT_APPEARANCE.fontColorScheme,
  fontSize: DEFAULT_APPEARANCE.fontSize,
  learnFontScale: 100,
  audiobookFontScale: 100,
  bottomMenuAlignment: 'center',
  showStatsBar: true,
  interfaceLanguage: 'ru',

  vocabularyLevel: 500,
  autoplayAudio: true,
  autoPlayNavigation: false,
  volume: 80,
  // The schema's 3 departs: 0 keeps Learn's play-all as it was (docs/product/decisions.md#play-all-pause).
  playAllDelay: 0,
  loopPlayAll: 1,
  dailyWordGoal: 10,
  dailyTimeGoal: 30,
  timeZone: DEFAULT_TIME_ZONE,
  audioSwitchBehavior: 'stop',
  spacedRepetitionIntervals: [1, 3, 7, 14, 30],
  lastUsedSupplementaryWord: null,

  showSpanishSubtitles: true,
  showSpanishSentences: true,
  showTranslations: true,
  showWordTranslations: true,
  showPhraseTranslations: true,
  showAudiobookTranslations: true,
  showTags: true,
  showAudioCount: true,
  showImageCount: true,
  showListenCount: true,
  phraseTranslationMode: 'phrase',
  integratedText: false,

  bilingualPlayback: false,
  bilingualPlaybackLearn: false,
  bilingualPlaybackAudiobook: false,
  automaticBilingual: 'disabled',

  listenThresholdWarning: 20,
  listenThresholdSafe: 40,
  listenThresholdAuto: 60,

  dailyStudyReminders: true,
  achievementNotifications: true,
  weeklyProgressReminders: false,

  reviewDirections: ['es-ru', 'ru-es'],
  reviewScheduler: 'fsrs',
  reviewDesiredRetention: 0.9,
  reviewNewPerDay: 20,
  reviewMaxPerDay: 200,
  reviewTypedAnswers: false,
  reviewMasteredLeavesLearn: false,
  reviewBurySiblings: true,
};

/** A provider key as typed by the learner: a non-empty string sets it, null (or '') removes it. */
const apiKeyInput = providerKey()
  .max(500)
  .nullable()
  .transform((key) => (key === '' ? null : key));

export const PROVIDER_KEY_FIELDS = ['openaiApiKey', 'elevenlabsApiKey', 'leonardoApiKey'] as const;
export type ProviderKeyField = (typeof PROVIDER_KEY_FIELDS)[number];

/** `PUT /api/settings`: any subset of the values and keys; an unknown field is an error naming it. */
export const settingsUpdateSchema = settingsValuesSchema
  .extend({
    openaiApiKey: apiKeyInput,
    elevenlabsApiKey: apiKeyInput,
    leonardoApiKey: apiKeyInput,
  })
  .partial()
  .strict();
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

export const settingsSchema = settingsValuesSchema.extend({
  /**
   * Checked when saved; an answer takes any name, since a browser with an older zone database must still
   * read settings another device saved (it then saves its own zone).
   */
  timeZone: z.string().min(1),
  reviewDirections: z.array(z.enum(REVIEW_DIRECTIONS)),
  hasOpenaiApiKey: z.boolean(),
  hasElevenlabsApiKey: z.boolean(),
  hasLeonardoApiKey: z.boolean(),
  /** Masked hints such as `sk-…9fA2`, null when no key is stored. */
  openaiApiKeyHint: z.string().nullable(),
  elevenlabsApiKeyHint: z.string().nullable(),
  leonardoApiKeyHint: z.string().nullable(),
  /**
   * Keys stored but sealed under another `APP_SECRET`: present, yet no provider can use them until the
   * learner enters them again (docs/product/providers.md#keys).
   */
  unreadableApiKeys: z.array(z.enum(PROVIDER_KEY_FIELDS)),
});
export type Settings = z.infer<typeof settingsSchema>;
