CREATE TABLE "upload_job_words" (
	"job_id" uuid NOT NULL,
	"word_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	CONSTRAINT "upload_job_words_job_id_word_id_pk" PRIMARY KEY("job_id","word_id")
);
--> statement-breakpoint
ALTER TABLE "upload_job_words" ADD CONSTRAINT "upload_job_words_job_id_upload_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."upload_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_job_words" ADD CONSTRAINT "upload_job_words_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_job_words_word_id_idx" ON "upload_job_words" USING btree ("word_id");