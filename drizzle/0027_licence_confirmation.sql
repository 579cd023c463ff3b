ALTER TABLE "participants" ADD COLUMN "licence_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "licence_confirmed_by" text;