ALTER TABLE "passings" ADD COLUMN "written_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passings" ALTER COLUMN "written_at" SET DEFAULT now();
