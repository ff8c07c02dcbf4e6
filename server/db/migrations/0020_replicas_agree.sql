ALTER TABLE "ad_files" ADD COLUMN "last_byte_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ad_files_uploading_idx" ON "ad_files" USING btree ("status","last_byte_at");--> statement-breakpoint
-- Every process LISTENing hears of a catalogue change when its transaction commits, with the new
-- version, and reloads its read models (server/catalogue/changes.ts).
CREATE OR REPLACE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
  PERFORM pg_notify('adlane_catalogue', v::text);
  RETURN NULL;
END;
$$;
