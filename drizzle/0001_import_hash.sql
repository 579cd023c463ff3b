ALTER TABLE "imports" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imports_content_hash_uq" ON "imports" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "races_import_idx" ON "races" USING btree ("import_id");