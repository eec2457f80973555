-- Custom migration (drizzle-kit generate --custom): every kind of job lives in this table, so it is named for
-- what it holds. A rename keeps every row, and the names given after the old name follow it: the indexes,
-- the foreign key that points here, and the table's own constraints (its key and foreign key; on PostgreSQL
-- 18 and PGlite its NOT NULL constraints have names too, which PostgreSQL 15 does not keep, hence the loop).
-- An upgrade stops every instance first (docs/product/jobs.md#job-row): no older instance reads the old name.
ALTER TABLE "upload_jobs" RENAME TO "jobs";
--> statement-breakpoint
DO $$
DECLARE
  constraint_name text;
BEGIN
  FOR constraint_name IN
    SELECT conname FROM pg_constraint WHERE conrelid = '"jobs"'::regclass AND conname LIKE 'upload\_jobs\_%'
  LOOP
    EXECUTE format(
      'ALTER TABLE "jobs" RENAME CONSTRAINT %I TO %I',
      constraint_name,
      'jobs_' || substr(constraint_name, length('upload_jobs_') + 1)
    );
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "upload_job_words" RENAME CONSTRAINT "upload_job_words_job_id_upload_jobs_id_fk" TO "upload_job_words_job_id_jobs_id_fk";
--> statement-breakpoint
ALTER INDEX "upload_jobs_user_id_created_at_idx" RENAME TO "jobs_user_id_created_at_idx";
--> statement-breakpoint
ALTER INDEX "upload_jobs_owner_instance_id_idx" RENAME TO "jobs_owner_instance_id_idx";
