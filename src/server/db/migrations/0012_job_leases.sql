ALTER TABLE "upload_jobs" ADD COLUMN "owner_instance_id" text;--> statement-breakpoint
ALTER TABLE "upload_jobs" ADD COLUMN "lease_renewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upload_jobs" ADD COLUMN "crashed_starts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "upload_jobs_owner_instance_id_idx" ON "upload_jobs" USING btree ("owner_instance_id") WHERE "upload_jobs"."owner_instance_id" is not null;