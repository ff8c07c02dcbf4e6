ALTER TABLE "login_failures" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "family" uuid;--> statement-breakpoint
-- Each existing refresh token is a sign-in of its own; its access tokens join it.
UPDATE "auth_tokens" SET "family" = gen_random_uuid() WHERE "kind" = 'refresh';--> statement-breakpoint
UPDATE "auth_tokens" AS "a" SET "family" = COALESCE((SELECT "r"."family" FROM "auth_tokens" AS "r" WHERE "r"."id" = "a"."refresh_id"), gen_random_uuid()) WHERE "a"."kind" = 'access';--> statement-breakpoint
ALTER TABLE "auth_tokens" ALTER COLUMN "family" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'kept' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "auth_tokens_family_idx" ON "auth_tokens" USING btree ("family");