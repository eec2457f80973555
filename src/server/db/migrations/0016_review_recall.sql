CREATE TABLE "review_undos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_undos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"review_id" text NOT NULL,
	"card_restored" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_undos_user_id_review_id_unique" UNIQUE("user_id","review_id")
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "review_bury_siblings" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "review_undos" ADD CONSTRAINT "review_undos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_undos" ADD CONSTRAINT "review_undos_card_id_review_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."review_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_undos_card_id_idx" ON "review_undos" USING btree ("card_id");