import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { settingsDefaults, type SettingsValues } from '../../../shared/api/settings';
import { updatedAt } from './columns';
import { users } from './users';

type Setting<K extends keyof SettingsValues> = SettingsValues[K];
const d = settingsDefaults;
// Drizzle's `.default()` takes no null; nullable settings whose default is null get an explicit SQL NULL.
const NULL = sql`null`;

/**
 * One column per field of `SettingsValues`, defaults taken from `settingsDefaults` so the contract and the
 * table cannot drift. `satisfies` makes a missing or extra field a compile error; the enum and list types
 * come from the contract through `$type`. Validation stays in the zod schema, not in CHECK constraints,
 * so widening a choice needs no migration.
 */
const settingsValueColumns = {
  openaiModel: text('openai_model').notNull().default(d.openaiModel),
  openaiBaseUrl: text('openai_base_url').default(d.openaiBaseUrl ?? NULL),
  audiobookRequirements: text('audiobook_requirements').notNull().default(d.audiobookRequirements),

  defaultVoiceStyle: text('default_voice_style')
    .$type<Setting<'defaultVoiceStyle'>>()
    .notNull()
    .default(d.defaultVoiceStyle),
  speechSpeed: real('speech_speed').$type<Setting<'speechSpeed'>>().notNull().default(d.speechSpeed),
  intonationStyle: text('intonation_style')
    .$type<Setting<'intonationStyle'>>()
    .notNull()
    .default(d.intonationStyle),
  spanishVoices: jsonb('spanish_voices').$type<string[]>().notNull().default(d.spanishVoices),
  russianVoice: text('russian_voice').default(d.russianVoice ?? NULL),
  preferredVoice: text('preferred_voice').default(d.preferredVoice ?? NULL),

  defaultImageStyle: text('default_image_style')
    .$type<Setting<'defaultImageStyle'>>()
    .notNull()
    .default(d.defaultImageStyle),
  imageFormat: text('image_format').$type<Setting<'imageFormat'>>().notNull().default(d.imageFormat),
  autoGenerateImages: boolean('auto_generate_images').notNull().default(d.autoGenerateImages),
  optimizeImages: boolean('optimize_images').notNull().default(d.optimizeImages),
  showOnlyLatestImage: boolean('show_only_latest_image').notNull().default(d.showOnlyLatestImage),
  keepAllImageVersions: boolean('keep_all_image_versions').notNull().default(d.keepAllImageVersions),
  dramaticImageStyle: boolean('dramatic_image_style').notNull().default(d.dramaticImageStyle),
  maxImagesInDetail: integer('max_images_in_detail').notNull().default(d.maxImagesInDetail),
  imageLayoutStyle: text('image_layout_style')
    .$type<Setting<'imageLayoutStyle'>>()
    .notNull()
    .default(d.imageLayoutStyle),
  selectedImageStyles: jsonb('selected_image_styles')
    .$type<string[]>()
    .notNull()
    .default(d.selectedImageStyles),
  selectedImageStyle: text('selected_image_style').default(d.selectedImageStyle ?? NULL),
  defaultAudiobookImageStyle: text('default_audiobook_image_style')
    .notNull()
    .default(d.defaultAudiobookImageStyle),
  fullscreenImage: boolean('fullscreen_image').notNull().default(d.fullscreenImage),
  lowQualityImages: boolean('low_quality_images').notNull().default(d.lowQualityImages),
  showAudiobookCovers: boolean('show_audiobook_covers').notNull().default(d.showAudiobookCovers),

  themeMode: text('theme_mode').$type<Setting<'themeMode'>>().notNull().default(d.themeMode),
  theme: text('theme').$type<Setting<'theme'>>().notNull().default(d.theme),
  colorScheme: text('color_scheme').$type<Setting<'colorScheme'>>().notNull().default(d.colorScheme),
  overlayOpacity: integer('overlay_opacity').notNull().default(d.overlayOpacity),
  fontColorScheme: text('font_color_scheme')
    .$type<Setting<'fontColorScheme'>>()
    .notNull()
    .default(d.fontColorScheme),
  // Text because the spec stores the percentage as a string ('100').
  fontSize: text('font_size').$type<Setting<'fontSize'>>().notNull().default(d.fontSize),
  learnFontScale: integer('learn_font_scale').notNull().default(d.learnFontScale),
  audiobookFontScale: integer('audiobook_font_scale').notNull().default(d.audiobookFontScale),
  bottomMenuAlignment: text('bottom_menu_alignment')
    .$type<Setting<'bottomMenuAlignment'>>()
    .notNull()
    .default(d.bottomMenuAlignment),
  showStatsBar: boolean('show_stats_bar').notNull().default(d.showStatsBar),
  interfaceLanguage: text('interface_language')
    .$type<Setting<'interfaceLanguage'>>()
    .notNull()
    .default(d.interfaceLanguage),

  vocabularyLevel: integer('vocabulary_level').notNull().default(d.vocabularyLevel),
  autoplayAudio: boolean('autoplay_audio').notNull().default(d.autoplayAudio),
  autoPlayNavigation: boolean('auto_play_navigation').notNull().default(d.autoPlayNavigation),
  volume: integer('volume').notNull().default(d.volume),
  playAllDelay: integer('play_all_delay').notNull().default(d.playAllDelay),
  loopPlayAll: integer('loop_play_all').$type<Setting<'loopPlayAll'>>().notNull().default(d.loopPlayAll),
  dailyWordGoal: integer('daily_word_goal').notNull().default(d.dailyWordGoal),
  dailyTimeGoal: integer('daily_time_goal').notNull().default(d.dailyTimeGoal),
  timeZone: text('time_zone').notNull().default(d.timeZone),
  audioSwitchBehavior: text('audio_switch_behavior')
    .$type<Setting<'audioSwitchBehavior'>>()
    .notNull()
    .default(d.audioSwitchBehavior),
  spacedRepetitionIntervals: jsonb('spaced_repetition_intervals')
    .$type<number[]>()
    .notNull()
    .default(d.spacedRepetitionIntervals),
  lastUsedSupplementaryWord: text('last_used_supplementary_word').default(
    d.lastUsedSupplementaryWord ?? NULL,
  ),

  showSpanishSubtitles: boolean('show_spanish_subtitles').notNull().default(d.showSpanishSubtitles),
  showSpanishSentences: boolean('show_spanish_sentences').notNull().default(d.showSpanishSentences),
  showTranslations: boolean('show_translations').notNull().default(d.showTranslations),
  showWordTranslations: boolean('show_word_translations').notNull().default(d.showWordTranslations),
  showPhraseTranslations: boolean('show_phrase_translations').notNull().default(d.showPhraseTranslations),
  showAudiobookTranslations: boolean('show_audiobook_translations')
    .notNull()
    .default(d.showAudiobookTranslations),
  showTags: boolean('show_tags').notNull().default(d.showTags),
  showAudioCount: boolean('show_audio_count').notNull().default(d.showAudioCount),
  showImageCount: boolean('show_image_count').notNull().default(d.showImageCount),
  showListenCount: boolean('show_listen_count').notNull().default(d.showListenCount),
  phraseTranslationMode: text('phrase_translation_mode')
    .$type<Setting<'phraseTranslationMode'>>()
    .notNull()
    .default(d.phraseTranslationMode),
  integratedText: boolean('integrated_text').notNull().default(d.integratedText),

  bilingualPlayback: boolean('bilingual_playback').notNull().default(d.bilingualPlayback),
  bilingualPlaybackLearn: boolean('bilingual_playback_learn').notNull().default(d.bilingualPlaybackLearn),
  bilingualPlaybackAudiobook: boolean('bilingual_playback_audiobook')
    .notNull()
    .default(d.bilingualPlaybackAudiobook),
  automaticBilingual: text('automatic_bilingual')
    .$type<Setting<'automaticBilingual'>>()
    .notNull()
    .default(d.automaticBilingual),

  listenThresholdWarning: integer('listen_threshold_warning').notNull().default(d.listenThresholdWarning),
  listenThresholdSafe: integer('listen_threshold_safe').notNull().default(d.listenThresholdSafe),
  listenThresholdAuto: integer('listen_threshold_auto').notNull().default(d.listenThresholdAuto),

  dailyStudyReminders: boolean('daily_study_reminders').notNull().default(d.dailyStudyReminders),
  achievementNotifications: boolean('achievement_notifications')
    .notNull()
    .default(d.achievementNotifications),
  weeklyProgressReminders: boolean('weekly_progress_reminders').notNull().default(d.weeklyProgressReminders),

  reviewDirections: jsonb('review_directions')
    .$type<Setting<'reviewDirections'>>()
    .notNull()
    .default(d.reviewDirections),
  reviewScheduler: text('review_scheduler')
    .$type<Setting<'reviewScheduler'>>()
    .notNull()
    .default(d.reviewScheduler),
  reviewDesiredRetention: doublePrecision('review_desired_retention')
    .notNull()
    .default(d.reviewDesiredRetention),
  reviewNewPerDay: integer('review_new_per_day').notNull().default(d.reviewNewPerDay),
  reviewMaxPerDay: integer('review_max_per_day').notNull().default(d.reviewMaxPerDay),
  reviewTypedAnswers: boolean('review_typed_answers').notNull().default(d.reviewTypedAnswers),
  reviewMasteredLeavesLearn: boolean('review_mastered_leaves_learn')
    .notNull()
    .default(d.reviewMasteredLeavesLearn),
  reviewBurySiblings: boolean('review_bury_siblings').notNull().default(d.reviewBurySiblings),
} satisfies { [K in keyof SettingsValues]: PgColumnBuilderBase };

/** One row per learner; a missing row means every default, so the row is created on first save. */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // AES-256-GCM ciphertexts (docs/product/providers.md#keys); never selected into an answer, only
  // `has…ApiKey` and a hint.
  openaiApiKeyEncrypted: text('openai_api_key_encrypted'),
  elevenlabsApiKeyEncrypted: text('elevenlabs_api_key_encrypted'),
  leonardoApiKeyEncrypted: text('leonardo_api_key_encrypted'),
  ...settingsValueColumns,
  updatedAt: updatedAt(),
});

type SettingsRow = typeof userSettings.$inferSelect;
type Equals<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * Compile-time proof that a selected row carries every setting with exactly the contract's type (nullability
 * included), so the repository can return `Pick<SettingsRow, keyof SettingsValues>` as `SettingsValues`.
 */
export const settingsRowMatchesContract: Equals<
  Pick<SettingsRow, keyof SettingsValues>,
  SettingsValues
> = true;

/** The column keys holding settings values, for selecting exactly them. */
export const settingsValueKeys = Object.keys(settingsValueColumns) as (keyof SettingsValues)[];
