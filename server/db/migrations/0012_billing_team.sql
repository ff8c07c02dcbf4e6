CREATE TABLE "avatars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_changes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"company_id" integer NOT NULL,
	"cart_uuid" uuid NOT NULL,
	"bill_to" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_cart_uuid_unique" UNIQUE("cart_uuid")
);
--> statement-breakpoint
ALTER TABLE "colleague_invites" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "colleague_invites" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "colleague_invites" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "colleague_invites" ADD COLUMN "resent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_contact" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ad_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cart_uuid_carts_uuid_fk" FOREIGN KEY ("cart_uuid") REFERENCES "public"."carts"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","issued_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_invoice_idx" ON "orders" USING btree ("invoice_id");--> statement-breakpoint
-- Everyone could do everything before roles: they stay admins, and each company's first account owns it.
UPDATE "users" SET "role" = 'admin';--> statement-breakpoint
UPDATE "users" SET "role" = 'owner' WHERE "id" IN (SELECT DISTINCT ON ("company_id") "id" FROM "users" ORDER BY "company_id", "created_at", "id");--> statement-breakpoint
-- Invitations sent before roles made admins too.
UPDATE "colleague_invites" SET "role" = 'admin';--> statement-breakpoint
-- One invoice for each checkout placed before invoices, issued when it was placed, due 30 days later.
INSERT INTO "invoices" ("number", "company_id", "cart_uuid", "bill_to", "issued_at", "due_at") SELECT DISTINCT ON ("cart_uuid") 'pending-' || "cart_uuid", "company_id", "cart_uuid", "billing", "placed_at", "placed_at" + interval '30 days' FROM "orders" ORDER BY "cart_uuid", "id";--> statement-breakpoint
UPDATE "invoices" SET "number" = 'INV-' || to_char("issued_at" AT TIME ZONE 'UTC', 'YY') || '-' || lpad("id"::text, greatest(6, length("id"::text)), '0') WHERE "number" LIKE 'pending-%';--> statement-breakpoint
UPDATE "orders" SET "invoice_id" = "invoices"."id" FROM "invoices" WHERE "invoices"."cart_uuid" = "orders"."cart_uuid";--> statement-breakpoint
-- The billing contact a company's invoices go to: the one its latest order was billed to.
UPDATE "companies" SET "billing_contact" = (SELECT "billing" FROM "orders" WHERE "orders"."company_id" = "companies"."id" ORDER BY "placed_at" DESC, "id" DESC LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_owner_idx" ON "users" USING btree ("company_id") WHERE "users"."role" = 'owner';--> statement-breakpoint
ALTER TABLE "colleague_invites" ADD CONSTRAINT "colleague_invites_public_id_unique" UNIQUE("public_id");