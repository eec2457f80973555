-- Custom migration (drizzle-kit generate --custom): triggers are beyond what drizzle-kit derives from the schema.
-- Every committed insert, update or delete of words moves its learners' word_list_versions counter.
CREATE FUNCTION "bump_word_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "word_list_versions" ("user_id", "version")
  SELECT DISTINCT "user_id", 1 FROM "changed_words"
  ON CONFLICT ("user_id") DO UPDATE SET "version" = "word_list_versions"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "words_inserted_bump_list_version" AFTER INSERT ON "words"
  REFERENCING NEW TABLE AS "changed_words" FOR EACH STATEMENT EXECUTE FUNCTION "bump_word_list_version"();
--> statement-breakpoint
CREATE TRIGGER "words_updated_bump_list_version" AFTER UPDATE ON "words"
  REFERENCING NEW TABLE AS "changed_words" FOR EACH STATEMENT EXECUTE FUNCTION "bump_word_list_version"();
--> statement-breakpoint
CREATE TRIGGER "words_deleted_bump_list_version" AFTER DELETE ON "words"
  REFERENCING OLD TABLE AS "changed_words" FOR EACH STATEMENT EXECUTE FUNCTION "bump_word_list_version"();
