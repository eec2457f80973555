ALTER TABLE "audiobook_sentences" ADD COLUMN "second_voice_speech_speed" real;--> statement-breakpoint
ALTER TABLE "audiobook_sentences" ADD COLUMN "second_voice_model" text;--> statement-breakpoint
ALTER TABLE "audiobook_sentences" ADD COLUMN "second_voice_intonation_style" text;--> statement-breakpoint
ALTER TABLE "audiobook_sentences" ADD COLUMN "russian_speech_speed" real;--> statement-breakpoint
ALTER TABLE "audiobook_sentences" ADD COLUMN "russian_model" text;--> statement-breakpoint
ALTER TABLE "audiobook_sentences" ADD COLUMN "russian_intonation_style" text;