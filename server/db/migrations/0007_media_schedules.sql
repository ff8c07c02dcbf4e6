-- Placements keep schedule rules instead of a hard-coded issue month or start date (issue 14, point 11).
-- Rows of an older database get the seed's rules at the server's next start (server/db/seed/schedules.ts).
ALTER TABLE "media" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "media" DROP COLUMN "issue";--> statement-breakpoint
ALTER TABLE "media" DROP COLUMN "date_start";