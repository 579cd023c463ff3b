ALTER TABLE "classes" DROP CONSTRAINT "classes_name_unique";--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_org_name_uq" UNIQUE NULLS NOT DISTINCT("organization_id","name");