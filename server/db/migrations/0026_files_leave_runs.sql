ALTER TABLE "ad_files" DROP CONSTRAINT "ad_files_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "ad_files" DROP CONSTRAINT "ad_files_approved_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "ad_files_order_idx";--> statement-breakpoint
DROP INDEX "ad_files_approved_run_idx";--> statement-breakpoint
ALTER TABLE "ad_files" DROP COLUMN "order_id";--> statement-breakpoint
ALTER TABLE "ad_files" DROP COLUMN "run_value";--> statement-breakpoint
ALTER TABLE "ad_files" DROP COLUMN "approved_at";--> statement-breakpoint
ALTER TABLE "ad_files" DROP COLUMN "approved_by";