CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"order_id" integer NOT NULL,
	"run_value" text NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "file_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"pin_page" integer,
	"pin_x" real,
	"pin_y" real,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_comments_pin_check" CHECK (("file_comments"."pin_page" is null and "file_comments"."pin_x" is null and "file_comments"."pin_y" is null) or ("file_comments"."pin_page" >= 1 and "file_comments"."pin_x" between 0 and 1 and "file_comments"."pin_y" between 0 and 1))
);
--> statement-breakpoint
CREATE TABLE "file_runs" (
	"file_id" uuid NOT NULL,
	"order_id" integer NOT NULL,
	"run_value" text NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attached_at" timestamp with time zone NOT NULL,
	"attached_by" uuid,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	CONSTRAINT "file_runs_file_id_order_id_run_value_pk" PRIMARY KEY("file_id","order_id","run_value")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "approvals_need_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_file_id_ad_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."ad_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_comments" ADD CONSTRAINT "file_comments_file_id_ad_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."ad_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_comments" ADD CONSTRAINT "file_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_runs" ADD CONSTRAINT "file_runs_file_id_ad_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."ad_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_runs" ADD CONSTRAINT "file_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_runs" ADD CONSTRAINT "file_runs_attached_by_users_id_fk" FOREIGN KEY ("attached_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_runs" ADD CONSTRAINT "file_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_run_idx" ON "approval_requests" USING btree ("order_id","run_value");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_open_idx" ON "approval_requests" USING btree ("file_id","order_id","run_value") WHERE "approval_requests"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "file_comments_file_idx" ON "file_comments" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE INDEX "file_runs_run_idx" ON "file_runs" USING btree ("order_id","run_value");--> statement-breakpoint
CREATE UNIQUE INDEX "file_runs_approved_run_idx" ON "file_runs" USING btree ("order_id","run_value") WHERE "file_runs"."approved_at" is not null;--> statement-breakpoint
-- The runs files were attached to before a file could serve several: each becomes the file's one run, with its verdict and approval.
INSERT INTO "file_runs" ("file_id", "order_id", "run_value", "status", "checks", "attached_at", "attached_by", "approved_at", "approved_by")
SELECT "id", "order_id", "run_value", CASE WHEN "status" = 'uploading' THEN 'checking' ELSE "status" END, "checks", coalesce("uploaded_at", "created_at"), "uploaded_by", "approved_at", "approved_by"
FROM "ad_files" WHERE "order_id" IS NOT NULL AND "run_value" IS NOT NULL;
