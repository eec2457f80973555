ALTER TABLE "daily_activity" ADD COLUMN "words_reviewed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_studied_words" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;