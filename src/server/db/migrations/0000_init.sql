CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"password_hash" text,
	"auth_provider" text DEFAULT 'oidc' NOT NULL,
	"auth_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "media_objects" (
	"sha256" char(64) PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "themes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"icon" text,
	CONSTRAINT "themes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "word_themes" (
	"word_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "word_themes_pk" PRIMARY KEY("word_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "words" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"spanish" text NOT NULL,
	"russian" text NOT NULL,
	"duplicate_key" text NOT NULL,
	"example" text,
	"example_translation" text,
	"highlighted_spanish_word" text,
	"highlighted_russian_word" text,
	"image_url" text,
	"image_url_mobile" text,
	"image_url_desktop" text,
	"image_style" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"listen_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"part_of_speech" text,
	"cefr_level" text,
	"theme_category" text,
	"disabled_at" timestamp with time zone,
	"last_spaced_repetition_at" timestamp with time zone,
	"spaced_repetition_day" integer DEFAULT 0 NOT NULL,
	"is_spaced_repetition_active" boolean DEFAULT false NOT NULL,
	"supplementary_usage_count" integer DEFAULT 0 NOT NULL,
	"disabled_usage_count" integer DEFAULT 0 NOT NULL,
	"audiobook_usage_count" integer DEFAULT 0 NOT NULL,
	"audio_data" text,
	"russian_audio_data" text,
	"second_voice_audio_data" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "words_user_id_duplicate_key_unique" UNIQUE("user_id","duplicate_key")
);
--> statement-breakpoint
CREATE TABLE "learning_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"words_studied" integer DEFAULT 0 NOT NULL,
	"correct_answers" integer DEFAULT 0 NOT NULL,
	"total_time" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_progress" (
	"user_id" text PRIMARY KEY NOT NULL,
	"words_added" integer DEFAULT 0 NOT NULL,
	"words_learned" integer DEFAULT 0 NOT NULL,
	"total_sentences" integer DEFAULT 0 NOT NULL,
	"total_sessions" integer DEFAULT 0 NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"last_study_date" timestamp with time zone,
	"session_listen_count" integer DEFAULT 0 NOT NULL,
	"last_login_date" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"openai_api_key_encrypted" text,
	"elevenlabs_api_key_encrypted" text,
	"leonardo_api_key_encrypted" text,
	"openai_model" text DEFAULT 'gpt-4o' NOT NULL,
	"openai_base_url" text DEFAULT null,
	"audiobook_requirements" text DEFAULT '' NOT NULL,
	"default_voice_style" text DEFAULT 'neutral' NOT NULL,
	"speech_speed" real DEFAULT 1 NOT NULL,
	"intonation_style" text DEFAULT 'excited-female' NOT NULL,
	"spanish_voices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"russian_voice" text DEFAULT null,
	"preferred_voice" text DEFAULT null,
	"default_image_style" text DEFAULT 'sketch' NOT NULL,
	"image_format" text DEFAULT 'square' NOT NULL,
	"auto_generate_images" boolean DEFAULT true NOT NULL,
	"optimize_images" boolean DEFAULT true NOT NULL,
	"show_only_latest_image" boolean DEFAULT false NOT NULL,
	"keep_all_image_versions" boolean DEFAULT true NOT NULL,
	"dramatic_image_style" boolean DEFAULT true NOT NULL,
	"max_images_in_detail" integer DEFAULT 1 NOT NULL,
	"image_layout_style" text DEFAULT 'grid' NOT NULL,
	"selected_image_styles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selected_image_style" text DEFAULT null,
	"default_audiobook_image_style" text DEFAULT 'realistic' NOT NULL,
	"fullscreen_image" boolean DEFAULT false NOT NULL,
	"low_quality_images" boolean DEFAULT true NOT NULL,
	"show_audiobook_covers" boolean DEFAULT true NOT NULL,
	"theme_mode" text DEFAULT 'auto' NOT NULL,
	"theme" text DEFAULT 'dark' NOT NULL,
	"color_scheme" text DEFAULT 'navy' NOT NULL,
	"overlay_opacity" integer DEFAULT 50 NOT NULL,
	"font_color_scheme" text DEFAULT 'orange' NOT NULL,
	"font_size" text DEFAULT '100' NOT NULL,
	"learn_font_scale" integer DEFAULT 100 NOT NULL,
	"audiobook_font_scale" integer DEFAULT 100 NOT NULL,
	"bottom_menu_alignment" text DEFAULT 'center' NOT NULL,
	"show_stats_bar" boolean DEFAULT true NOT NULL,
	"interface_language" text DEFAULT 'ru' NOT NULL,
	"vocabulary_level" integer DEFAULT 500 NOT NULL,
	"autoplay_audio" boolean DEFAULT true NOT NULL,
	"auto_play_navigation" boolean DEFAULT false NOT NULL,
	"volume" integer DEFAULT 80 NOT NULL,
	"play_all_delay" integer DEFAULT 3 NOT NULL,
	"loop_play_all" integer DEFAULT 1 NOT NULL,
	"daily_word_goal" integer DEFAULT 10 NOT NULL,
	"daily_time_goal" integer DEFAULT 30 NOT NULL,
	"audio_switch_behavior" text DEFAULT 'stop' NOT NULL,
	"spaced_repetition_intervals" jsonb DEFAULT '[1,3,7,14,30]'::jsonb NOT NULL,
	"last_used_supplementary_word" text DEFAULT null,
	"show_spanish_subtitles" boolean DEFAULT true NOT NULL,
	"show_spanish_sentences" boolean DEFAULT true NOT NULL,
	"show_translations" boolean DEFAULT true NOT NULL,
	"show_word_translations" boolean DEFAULT true NOT NULL,
	"show_phrase_translations" boolean DEFAULT true NOT NULL,
	"show_audiobook_translations" boolean DEFAULT true NOT NULL,
	"show_tags" boolean DEFAULT true NOT NULL,
	"show_audio_count" boolean DEFAULT true NOT NULL,
	"show_image_count" boolean DEFAULT true NOT NULL,
	"show_listen_count" boolean DEFAULT true NOT NULL,
	"phrase_translation_mode" text DEFAULT 'phrase' NOT NULL,
	"integrated_text" boolean DEFAULT false NOT NULL,
	"bilingual_playback" boolean DEFAULT false NOT NULL,
	"bilingual_playback_learn" boolean DEFAULT false NOT NULL,
	"bilingual_playback_audiobook" boolean DEFAULT false NOT NULL,
	"automatic_bilingual" text DEFAULT 'disabled' NOT NULL,
	"listen_threshold_warning" integer DEFAULT 20 NOT NULL,
	"listen_threshold_safe" integer DEFAULT 40 NOT NULL,
	"listen_threshold_auto" integer DEFAULT 60 NOT NULL,
	"daily_study_reminders" boolean DEFAULT true NOT NULL,
	"achievement_notifications" boolean DEFAULT true NOT NULL,
	"weekly_progress_reminders" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audio_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audio_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"word_id" integer,
	"text" text NOT NULL,
	"language" varchar(10) NOT NULL,
	"voice_id" varchar(50) NOT NULL,
	"intonation_style" text DEFAULT 'neutral' NOT NULL,
	"speed" real DEFAULT 1 NOT NULL,
	"model" text DEFAULT 'eleven_multilingual_v2' NOT NULL,
	"audio_data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_files_cache_key_unique" UNIQUE("user_id","text","language","voice_id","intonation_style","speed","model")
);
--> statement-breakpoint
CREATE TABLE "audio_recordings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audio_recordings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"word_id" integer,
	"text" varchar(500) NOT NULL,
	"voice_id" varchar(50) NOT NULL,
	"voice_name" text,
	"intonation_style" text,
	"speed" real,
	"language" varchar(10) DEFAULT 'es-MX' NOT NULL,
	"provider" text DEFAULT 'elevenlabs' NOT NULL,
	"duration" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generated_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generated_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"word_id" integer NOT NULL,
	"image_url" text NOT NULL,
	"style_id" integer,
	"style_name" text,
	"image_format" text,
	"base64_data" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "style_icons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "style_icons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"style_id" integer NOT NULL,
	"style_name" text NOT NULL,
	"icon_data" text NOT NULL,
	"mime_type" text DEFAULT 'image/jpeg' NOT NULL,
	CONSTRAINT "style_icons_style_id_unique" UNIQUE("style_id")
);
--> statement-breakpoint
CREATE TABLE "word_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "word_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"word_id" integer NOT NULL,
	"image_data" text NOT NULL,
	"mime_type" text DEFAULT 'image/png' NOT NULL,
	"image_style" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audiobook_genre_links" (
	"audiobook_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "audiobook_genre_links_pk" PRIMARY KEY("audiobook_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "audiobook_genres" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiobook_genres_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "audiobook_genres_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "audiobook_image_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiobook_image_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audiobook_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"service_provider" text NOT NULL,
	"image_style" text NOT NULL,
	"style_name" text,
	"character_analysis" jsonb,
	"atmosphere_analysis" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"completed_sentences" integer DEFAULT 0 NOT NULL,
	"total_sentences" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audiobook_image_series_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiobook_image_series_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"series_id" integer NOT NULL,
	"sentence_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"image_data" text,
	"generation_prompt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audiobook_image_series_items_series_id_sentence_id_unique" UNIQUE("series_id","sentence_id")
);
--> statement-breakpoint
CREATE TABLE "audiobook_sentence_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiobook_sentence_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sentence_id" integer NOT NULL,
	"audiobook_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"service_provider" text NOT NULL,
	"image_data" text,
	"image_url" text,
	"image_style" text NOT NULL,
	"style_name" text,
	"character_style" text,
	"character_style_name" text,
	"generation_job_id" integer,
	"quality" text DEFAULT 'standard' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audiobook_sentence_images_sentence_provider_style_unique" UNIQUE("sentence_id","service_provider","image_style")
);
--> statement-breakpoint
CREATE TABLE "audiobook_sentences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiobook_sentences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audiobook_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"order_index" integer NOT NULL,
	"spanish" text NOT NULL,
	"russian" text NOT NULL,
	"audio_data" text,
	"second_voice_audio_data" text,
	"russian_audio_data" text,
	"image_data" text,
	"listen_count" integer DEFAULT 0 NOT NULL,
	"image_style" text,
	"main_voice_id" text,
	"second_voice_id" text,
	"russian_voice_id" text,
	"speech_speed" real,
	"model" text,
	"intonation_style" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audiobook_sentences_audiobook_id_order_index_unique" UNIQUE("audiobook_id","order_index")
);
--> statement-breakpoint
CREATE TABLE "audiobook_words_used" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiobook_words_used_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audiobook_id" integer NOT NULL,
	"word_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "audiobook_words_used_audiobook_id_word_id_unique" UNIQUE("audiobook_id","word_id")
);
--> statement-breakpoint
CREATE TABLE "audiobooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiobooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"genre" text,
	"grammar_level" text,
	"target_word_count" integer NOT NULL,
	"actual_word_count" integer DEFAULT 0 NOT NULL,
	"actual_word_count_spanish" integer DEFAULT 0 NOT NULL,
	"actual_word_count_russian" integer DEFAULT 0 NOT NULL,
	"actual_word_count_total" integer DEFAULT 0 NOT NULL,
	"words_used_active" integer DEFAULT 0 NOT NULL,
	"words_used_disabled" integer DEFAULT 0 NOT NULL,
	"active_words_used" integer DEFAULT 0 NOT NULL,
	"total_active_words" integer DEFAULT 0 NOT NULL,
	"passive_words_used" integer DEFAULT 0 NOT NULL,
	"total_passive_words" integer DEFAULT 0 NOT NULL,
	"listen_count" integer DEFAULT 0 NOT NULL,
	"verification_completed" boolean DEFAULT false NOT NULL,
	"image_step" integer DEFAULT 3 NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"last_played_position" integer DEFAULT 0 NOT NULL,
	"last_played_at" timestamp with time zone,
	"cover_image_data" text,
	"sentence_count" integer DEFAULT 0 NOT NULL,
	"main_audio_count" integer DEFAULT 0 NOT NULL,
	"second_voice_count" integer DEFAULT 0 NOT NULL,
	"russian_audio_count" integer DEFAULT 0 NOT NULL,
	"image_count" integer DEFAULT 0 NOT NULL,
	"selected_image_series_id" integer,
	"genre_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character_styles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "character_styles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"prompt_modifier" text,
	"service_provider" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "character_styles_name_service_provider_unique" UNIQUE("name","service_provider")
);
--> statement-breakpoint
CREATE TABLE "image_generation_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_generation_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audiobook_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"series_id" integer,
	"service_provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_images" integer DEFAULT 0 NOT NULL,
	"processed_images" integer DEFAULT 0 NOT NULL,
	"failed_images" integer DEFAULT 0 NOT NULL,
	"image_style" text,
	"style_name" text,
	"character_style" text,
	"character_style_name" text,
	"batch_size" integer DEFAULT 5 NOT NULL,
	"error_message" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"input" jsonb,
	"progress" jsonb,
	"results" jsonb,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_themes" ADD CONSTRAINT "word_themes_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_themes" ADD CONSTRAINT "word_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "words" ADD CONSTRAINT "words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_sessions" ADD CONSTRAINT "learning_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_files" ADD CONSTRAINT "audio_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_files" ADD CONSTRAINT "audio_files_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_recordings" ADD CONSTRAINT "audio_recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_recordings" ADD CONSTRAINT "audio_recordings_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_images" ADD CONSTRAINT "generated_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_images" ADD CONSTRAINT "generated_images_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_images" ADD CONSTRAINT "word_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_images" ADD CONSTRAINT "word_images_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_genre_links" ADD CONSTRAINT "audiobook_genre_links_audiobook_id_audiobooks_id_fk" FOREIGN KEY ("audiobook_id") REFERENCES "public"."audiobooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_genre_links" ADD CONSTRAINT "audiobook_genre_links_genre_id_audiobook_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."audiobook_genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_genre_links" ADD CONSTRAINT "audiobook_genre_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_image_series" ADD CONSTRAINT "audiobook_image_series_audiobook_id_audiobooks_id_fk" FOREIGN KEY ("audiobook_id") REFERENCES "public"."audiobooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_image_series" ADD CONSTRAINT "audiobook_image_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_image_series_items" ADD CONSTRAINT "audiobook_image_series_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_image_series_items" ADD CONSTRAINT "audiobook_image_series_items_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."audiobook_image_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_image_series_items" ADD CONSTRAINT "audiobook_image_series_items_sentence_id_fk" FOREIGN KEY ("sentence_id") REFERENCES "public"."audiobook_sentences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_sentence_images" ADD CONSTRAINT "audiobook_sentence_images_sentence_id_audiobook_sentences_id_fk" FOREIGN KEY ("sentence_id") REFERENCES "public"."audiobook_sentences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_sentence_images" ADD CONSTRAINT "audiobook_sentence_images_audiobook_id_audiobooks_id_fk" FOREIGN KEY ("audiobook_id") REFERENCES "public"."audiobooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_sentence_images" ADD CONSTRAINT "audiobook_sentence_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_sentence_images" ADD CONSTRAINT "audiobook_sentence_images_generation_job_id_fk" FOREIGN KEY ("generation_job_id") REFERENCES "public"."image_generation_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_sentences" ADD CONSTRAINT "audiobook_sentences_audiobook_id_audiobooks_id_fk" FOREIGN KEY ("audiobook_id") REFERENCES "public"."audiobooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_sentences" ADD CONSTRAINT "audiobook_sentences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_words_used" ADD CONSTRAINT "audiobook_words_used_audiobook_id_audiobooks_id_fk" FOREIGN KEY ("audiobook_id") REFERENCES "public"."audiobooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_words_used" ADD CONSTRAINT "audiobook_words_used_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_words_used" ADD CONSTRAINT "audiobook_words_used_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobooks" ADD CONSTRAINT "audiobooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobooks" ADD CONSTRAINT "audiobooks_selected_image_series_id_fk" FOREIGN KEY ("selected_image_series_id") REFERENCES "public"."audiobook_image_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_generation_jobs" ADD CONSTRAINT "image_generation_jobs_audiobook_id_audiobooks_id_fk" FOREIGN KEY ("audiobook_id") REFERENCES "public"."audiobooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_generation_jobs" ADD CONSTRAINT "image_generation_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_generation_jobs" ADD CONSTRAINT "image_generation_jobs_series_id_audiobook_image_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."audiobook_image_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_jobs" ADD CONSTRAINT "upload_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_auth_provider_subject_idx" ON "users" USING btree ("auth_provider","auth_subject");--> statement-breakpoint
CREATE INDEX "word_themes_theme_id_idx" ON "word_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "words_user_id_created_at_idx" ON "words" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "words_user_id_is_active_idx" ON "words" USING btree ("user_id","is_active");--> statement-breakpoint
CREATE INDEX "learning_sessions_user_id_start_time_idx" ON "learning_sessions" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "audio_files_word_id_idx" ON "audio_files" USING btree ("word_id");--> statement-breakpoint
CREATE INDEX "audio_recordings_user_id_created_at_idx" ON "audio_recordings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audio_recordings_word_id_idx" ON "audio_recordings" USING btree ("word_id");--> statement-breakpoint
CREATE INDEX "generated_images_user_id_created_at_idx" ON "generated_images" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "generated_images_word_id_created_at_idx" ON "generated_images" USING btree ("word_id","created_at");--> statement-breakpoint
CREATE INDEX "word_images_user_id_idx" ON "word_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "word_images_word_id_idx" ON "word_images" USING btree ("word_id");--> statement-breakpoint
CREATE INDEX "audiobook_genre_links_genre_id_idx" ON "audiobook_genre_links" USING btree ("genre_id");--> statement-breakpoint
CREATE INDEX "audiobook_genre_links_user_id_idx" ON "audiobook_genre_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audiobook_image_series_audiobook_id_idx" ON "audiobook_image_series" USING btree ("audiobook_id");--> statement-breakpoint
CREATE INDEX "audiobook_image_series_user_id_idx" ON "audiobook_image_series" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audiobook_image_series_items_sentence_id_idx" ON "audiobook_image_series_items" USING btree ("sentence_id");--> statement-breakpoint
CREATE INDEX "audiobook_image_series_items_user_id_idx" ON "audiobook_image_series_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audiobook_sentence_images_audiobook_id_idx" ON "audiobook_sentence_images" USING btree ("audiobook_id");--> statement-breakpoint
CREATE INDEX "audiobook_sentence_images_user_id_idx" ON "audiobook_sentence_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audiobook_sentence_images_generation_job_id_idx" ON "audiobook_sentence_images" USING btree ("generation_job_id");--> statement-breakpoint
CREATE INDEX "audiobook_sentences_user_id_idx" ON "audiobook_sentences" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audiobook_words_used_word_id_idx" ON "audiobook_words_used" USING btree ("word_id");--> statement-breakpoint
CREATE INDEX "audiobook_words_used_user_id_idx" ON "audiobook_words_used" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audiobooks_user_id_created_at_idx" ON "audiobooks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audiobooks_selected_image_series_id_idx" ON "audiobooks" USING btree ("selected_image_series_id");--> statement-breakpoint
CREATE INDEX "image_generation_jobs_user_id_status_idx" ON "image_generation_jobs" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "image_generation_jobs_audiobook_id_idx" ON "image_generation_jobs" USING btree ("audiobook_id");--> statement-breakpoint
CREATE INDEX "image_generation_jobs_series_id_idx" ON "image_generation_jobs" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "upload_jobs_user_id_created_at_idx" ON "upload_jobs" USING btree ("user_id","created_at");