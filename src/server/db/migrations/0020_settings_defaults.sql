ALTER TABLE "user_settings" ALTER COLUMN "theme_mode" SET DEFAULT 'manual';--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "play_all_delay" SET DEFAULT 0;