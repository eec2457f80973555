ALTER TABLE "image_generation_jobs" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "image_generation_jobs" ADD COLUMN "error" jsonb;