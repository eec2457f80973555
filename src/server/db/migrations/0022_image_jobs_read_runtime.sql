ALTER TABLE "image_generation_jobs" DROP COLUMN "total_images";--> statement-breakpoint
ALTER TABLE "image_generation_jobs" DROP COLUMN "processed_images";--> statement-breakpoint
ALTER TABLE "image_generation_jobs" DROP COLUMN "failed_images";--> statement-breakpoint
ALTER TABLE "image_generation_jobs" DROP COLUMN "error";