ALTER TABLE "companies" ADD COLUMN "standing_po" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "standing_po_by" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "standing_po_at" timestamp with time zone;--> statement-breakpoint
-- A PO number belongs to one purchase: a company's saved billing contact no longer keeps the one its
-- first checkout was placed with (it came back at every checkout). A standing PO is set on /billing.
UPDATE "companies" SET "billing_contact" = "billing_contact" - 'po_number' WHERE "billing_contact" ? 'po_number';
