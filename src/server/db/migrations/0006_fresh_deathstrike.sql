ALTER TABLE "audiobook_genres" DROP CONSTRAINT "audiobook_genres_name_unique";--> statement-breakpoint
ALTER TABLE "audiobook_genres" ADD COLUMN "user_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "audiobook_genres" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audiobooks" ADD COLUMN "creation_job_id" uuid;--> statement-breakpoint
ALTER TABLE "audiobooks" ADD COLUMN "error" jsonb;--> statement-breakpoint
ALTER TABLE "audiobook_genres" ADD CONSTRAINT "audiobook_genres_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiobook_genres" ADD CONSTRAINT "audiobook_genres_user_id_name_unique" UNIQUE("user_id","name");