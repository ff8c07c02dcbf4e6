CREATE TABLE "company_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"payment_id" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"applied_by" uuid,
	"applied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"step" integer NOT NULL,
	"sent_to" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_on" date NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_terms" text DEFAULT 'net30' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rep_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rep_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_applied_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rep_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "rep_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_credits" ADD CONSTRAINT "company_credits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credits" ADD CONSTRAINT "company_credits_payment_id_manual_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."manual_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credits" ADD CONSTRAINT "company_credits_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_credit_id_company_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."company_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_applied_by_staff_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD CONSTRAINT "manual_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD CONSTRAINT "manual_payments_recorded_by_staff_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_manual_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."manual_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_credits_company_idx" ON "company_credits" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_applications_credit_idx" ON "credit_applications" USING btree ("credit_id");--> statement-breakpoint
CREATE INDEX "credit_applications_invoice_idx" ON "credit_applications" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_step_idx" ON "invoice_reminders" USING btree ("invoice_id","step");--> statement-breakpoint
CREATE INDEX "manual_payments_company_idx" ON "manual_payments" USING btree ("company_id","received_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_allocations_pair_idx" ON "payment_allocations" USING btree ("payment_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_rep_staff_id_staff_id_fk" FOREIGN KEY ("rep_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rep_staff_id_staff_id_fk" FOREIGN KEY ("rep_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_rep_code_idx" ON "staff" USING btree ("rep_code") WHERE "staff"."rep_code" is not null;--> statement-breakpoint
-- Hand-written, after drizzle's statements: money recorded by hand is never zero or negative, and a
-- reminder's step is one of the three the issue names.
ALTER TABLE "manual_payments" ADD CONSTRAINT "manual_payments_amount_positive" CHECK ("amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_amount_positive" CHECK ("amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "company_credits" ADD CONSTRAINT "company_credits_amount_positive" CHECK ("amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_amount_positive" CHECK ("amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_step_known" CHECK ("step" IN (1, 7, 30));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_payment_terms_known" CHECK ("payment_terms" IN ('card', 'net15', 'net30', 'net60'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_limit_not_negative" CHECK ("credit_limit_cents" IS NULL OR "credit_limit_cents" >= 0);
