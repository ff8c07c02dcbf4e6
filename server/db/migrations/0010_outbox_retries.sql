ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
-- E-mails not sent yet are tried again by the outbox worker at its next round.
UPDATE "outbox" SET "next_attempt_at" = now() WHERE "status" IN ('sending', 'failed');
