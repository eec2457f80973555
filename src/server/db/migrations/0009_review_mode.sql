CREATE TABLE "review_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"word_id" integer NOT NULL,
	"direction" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"due" timestamp with time zone DEFAULT now() NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"fixed_step" smallint DEFAULT -1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cards_user_word_direction_unique" UNIQUE("user_id","word_id","direction")
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"review_id" text NOT NULL,
	"grade" smallint NOT NULL,
	"scheduler" text NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"state_before" text NOT NULL,
	"card_before" jsonb NOT NULL,
	"card_after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_logs_user_id_review_id_unique" UNIQUE("user_id","review_id")
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "review_directions" jsonb DEFAULT '["es-ru","ru-es"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "review_scheduler" text DEFAULT 'fsrs' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "review_desired_retention" double precision DEFAULT 0.9 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "review_new_per_day" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "review_max_per_day" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "review_typed_answers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "review_mastered_leaves_learn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_card_id_review_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."review_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_cards_user_id_state_due_idx" ON "review_cards" USING btree ("user_id","state","due");--> statement-breakpoint
CREATE INDEX "review_cards_word_id_idx" ON "review_cards" USING btree ("word_id");--> statement-breakpoint
CREATE INDEX "review_logs_user_id_reviewed_at_idx" ON "review_logs" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_logs_card_id_idx" ON "review_logs" USING btree ("card_id");