CREATE TYPE "public"."live_state" AS ENUM('live', 'finished');--> statement-breakpoint
CREATE TABLE "live_feeds" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "live_state" "live_state";--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "live_run_key" text;--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "live_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "live_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_feeds" ADD CONSTRAINT "live_feeds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "races_live_idx" ON "races" USING btree ("live_state") WHERE live_state = 'live';