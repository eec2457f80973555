CREATE TABLE "media_variants" (
	"source_sha256" char(64) NOT NULL,
	"width" integer NOT NULL,
	"variant_sha256" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_variants_source_sha256_width_pk" PRIMARY KEY("source_sha256","width")
);
--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_source_sha256_media_objects_sha256_fk" FOREIGN KEY ("source_sha256") REFERENCES "public"."media_objects"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_variant_sha256_media_objects_sha256_fk" FOREIGN KEY ("variant_sha256") REFERENCES "public"."media_objects"("sha256") ON DELETE cascade ON UPDATE no action;