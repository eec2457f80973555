CREATE TABLE "media_owners" (
	"sha256" char(64) NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_owners_sha256_user_id_pk" PRIMARY KEY("sha256","user_id")
);
--> statement-breakpoint
ALTER TABLE "media_objects" ADD COLUMN "is_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_owners" ADD CONSTRAINT "media_owners_sha256_media_objects_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."media_objects"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_owners" ADD CONSTRAINT "media_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_owners_user_id_idx" ON "media_owners" USING btree ("user_id");