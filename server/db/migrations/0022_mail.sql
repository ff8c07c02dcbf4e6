ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_idx" ON "outbox" ("dedupe_key") WHERE "dedupe_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "outbox_attachments" (
  "id" serial PRIMARY KEY,
  "outbox_id" integer NOT NULL REFERENCES "outbox"("id") ON DELETE CASCADE,
  "filename" text NOT NULL,
  "content_type" text NOT NULL,
  "content" bytea NOT NULL
);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_news" boolean NOT NULL DEFAULT true;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receipt_copies" boolean NOT NULL DEFAULT false;
