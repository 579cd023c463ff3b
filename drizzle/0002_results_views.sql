ALTER TABLE "imports" ADD COLUMN "report" jsonb;--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "clock" jsonb;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "penalty_laps" integer;