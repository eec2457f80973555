CREATE TABLE "media_variants" (
	"source_sha256" char(64) NOT NULL,
	"width" integer NOT NULL,
	"variant_sha256" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_variants_source_sha256_width_pk" PRIMARY KEY("source_sha256","width")
);
--> statement-breakpoint
CREATE TABLE "daily_activity" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"words_studied" integer DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"seconds_studied" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_activity_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "daily_studied_words" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"word_id" integer NOT NULL,
	CONSTRAINT "daily_studied_words_user_id_day_word_id_pk" PRIMARY KEY("user_id","day","word_id")
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_jobs" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_source_sha256_media_objects_sha256_fk" FOREIGN KEY ("source_sha256") REFERENCES "public"."media_objects"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_variant_sha256_media_objects_sha256_fk" FOREIGN KEY ("variant_sha256") REFERENCES "public"."media_objects"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_activity" ADD CONSTRAINT "daily_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_studied_words" ADD CONSTRAINT "daily_studied_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;