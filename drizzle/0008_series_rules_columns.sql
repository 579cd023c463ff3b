ALTER TABLE "series" DROP COLUMN "classes";--> statement-breakpoint
ALTER TABLE "series" DROP COLUMN "drop_scores";