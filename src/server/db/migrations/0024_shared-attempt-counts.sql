CREATE TABLE "attempt_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_counts_reset_at_idx" ON "attempt_counts" USING btree ("reset_at");