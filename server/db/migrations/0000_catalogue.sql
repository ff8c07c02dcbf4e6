CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"prodcode" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"households" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"mediacode" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"partner" text,
	"prodcode" text,
	"lifestyle" text NOT NULL,
	"issue" text,
	"date_start" text,
	"unit_price_cents" integer NOT NULL,
	"unit_label" text NOT NULL,
	"reach" integer NOT NULL,
	"reach_label" text NOT NULL,
	"image" text NOT NULL,
	"description" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zips" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"prodcode" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_prodcode_markets_prodcode_fk" FOREIGN KEY ("prodcode") REFERENCES "public"."markets"("prodcode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zips" ADD CONSTRAINT "zips_prodcode_markets_prodcode_fk" FOREIGN KEY ("prodcode") REFERENCES "public"."markets"("prodcode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_prodcode_type_idx" ON "media" USING btree ("prodcode","media_type");--> statement-breakpoint
CREATE INDEX "media_type_idx" ON "media" USING btree ("media_type","name");--> statement-breakpoint
CREATE INDEX "zips_prodcode_idx" ON "zips" USING btree ("prodcode");--> statement-breakpoint
CREATE INDEX "zips_city_idx" ON "zips" USING btree (lower("city"),"state");