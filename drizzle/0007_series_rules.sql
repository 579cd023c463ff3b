CREATE TABLE "rider_links" (
	"participant_id" integer PRIMARY KEY NOT NULL,
	"rider_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "host_club" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "licence" text;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "series" SET "rules" = jsonb_build_object('classes', "classes", 'dropScores', "drop_scores");--> statement-breakpoint
ALTER TABLE "rider_links" ADD CONSTRAINT "rider_links_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rider_links_key_idx" ON "rider_links" USING btree ("rider_key");