-- An order's status follows from its dates and the clock instead of being stored (issue 15). The dates
-- and prices of the orders already placed are filled at the server's next start from their items and the
-- catalogue (server/db/seed/orderTerms.ts); a cancelled order keeps that it was, from when it was placed.
ALTER TABLE "orders" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_starts_idx" ON "orders" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "orders_company_ends_idx" ON "orders" USING btree ("company_id","ends_at");--> statement-breakpoint
UPDATE "orders" SET "cancelled_at" = "placed_at" WHERE "status" = 'cancelled';--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";