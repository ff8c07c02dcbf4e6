CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"browser_id" text NOT NULL,
	"visitor" jsonb NOT NULL,
	"text" text NOT NULL,
	"path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"browser_id" text NOT NULL,
	"user_id" uuid,
	"event" text NOT NULL,
	"path" text,
	"properties" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"survey_id" text NOT NULL,
	"declined" boolean NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_answers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "log_events" ADD CONSTRAINT "log_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_browser_idx" ON "chat_messages" USING btree ("browser_id","created_at");--> statement-breakpoint
CREATE INDEX "log_events_user_idx" ON "log_events" USING btree ("user_id","event","created_at");--> statement-breakpoint
CREATE INDEX "log_events_browser_idx" ON "log_events" USING btree ("browser_id","created_at");