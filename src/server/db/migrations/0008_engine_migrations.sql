CREATE TABLE "engine_migrations" (
	"source" text PRIMARY KEY NOT NULL,
	"row_count" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
