CREATE TABLE "ad_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"uploaded_by" uuid,
	"name" text NOT NULL,
	"declared_type" text NOT NULL,
	"size" integer NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"format" text,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_id" integer,
	"run_value" text,
	"sheet" text,
	"thumbnail" text,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"uploaded_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"run_value" text NOT NULL,
	"days_before" integer NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "trim" jsonb;--> statement-breakpoint
ALTER TABLE "ad_files" ADD CONSTRAINT "ad_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_files" ADD CONSTRAINT "ad_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_files" ADD CONSTRAINT "ad_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_files" ADD CONSTRAINT "ad_files_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reminders" ADD CONSTRAINT "ad_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_files_company_idx" ON "ad_files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_files_order_idx" ON "ad_files" USING btree ("order_id","run_value");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_files_approved_run_idx" ON "ad_files" USING btree ("order_id","run_value") WHERE "ad_files"."approved_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_reminders_run_idx" ON "ad_reminders" USING btree ("order_id","run_value","days_before");--> statement-breakpoint
CREATE INDEX "ad_reminders_due_idx" ON "ad_reminders" USING btree ("send_at") WHERE "ad_reminders"."done_at" is null;