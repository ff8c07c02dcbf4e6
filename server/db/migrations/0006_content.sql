CREATE TABLE "content_article_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_articles" (
	"slug" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"reading_minutes" integer NOT NULL,
	"published_at" text NOT NULL,
	"body" jsonb NOT NULL,
	"related_media_types" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_spec_sheets" (
	"slug" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"media_type" text NOT NULL,
	"summary" text NOT NULL,
	"sections" jsonb NOT NULL,
	"specs" jsonb NOT NULL,
	"deadlines" jsonb NOT NULL,
	"shop_path" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_articles" ADD CONSTRAINT "content_articles_category_content_article_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."content_article_categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_articles_category_idx" ON "content_articles" USING btree ("category","published_at");--> statement-breakpoint
CREATE INDEX "content_spec_sheets_type_idx" ON "content_spec_sheets" USING btree ("media_type","position");