ALTER TABLE "registrations" ADD COLUMN "grid_position" integer;--> statement-breakpoint
ALTER TABLE "waiver_documents" ADD COLUMN "minor_signature_png" "bytea";--> statement-breakpoint
ALTER TABLE "waiver_documents" ADD COLUMN "minor_signature_sha256" text;--> statement-breakpoint
ALTER TABLE "waiver_documents" ADD COLUMN "witness_user_id" text;