ALTER TYPE "public"."registration_state" ADD VALUE 'waiting' BEFORE 'cancelled';--> statement-breakpoint
CREATE TABLE "waiver_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"event_id" integer NOT NULL,
	"participant_id" integer,
	"covered_name" text NOT NULL,
	"covered_birthday" date,
	"signatory_user_id" text,
	"signatory_name" text NOT NULL,
	"signatory_role" text NOT NULL,
	"text_version" text NOT NULL,
	"text_title" text NOT NULL,
	"text_body" text NOT NULL,
	"locale" text NOT NULL,
	"state" text NOT NULL,
	"consent_electronic" boolean NOT NULL,
	"agreed" boolean NOT NULL,
	"certified" boolean NOT NULL,
	"signature_png" "bytea",
	"signature_sha256" text,
	"selfie_jpeg" "bytea",
	"selfie_sha256" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"keep_until" date NOT NULL,
	CONSTRAINT "waiver_documents_state_ck" CHECK ("waiver_documents"."state" in ('signed', 'rejected'))
);
--> statement-breakpoint
DROP INDEX "registrations_rider_uq";--> statement-breakpoint
ALTER TABLE "event_classes" ADD COLUMN "early_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "event_classes" ADD COLUMN "late_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "submission_id" uuid;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waiver_document_id" uuid;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "transponder" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "transponder_rental" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "registered_by" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "offered_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "present_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waiver_documents" ADD CONSTRAINT "waiver_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_documents" ADD CONSTRAINT "waiver_documents_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiver_audit_document_idx" ON "waiver_audit" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "waiver_documents_event_idx" ON "waiver_documents" USING btree ("event_id","participant_id");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_waiver_document_id_waiver_documents_id_fk" FOREIGN KEY ("waiver_document_id") REFERENCES "public"."waiver_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_rider_uq" ON "registrations" USING btree ("event_id","class_id","participant_id") WHERE "registrations"."state" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_submission_id_unique" UNIQUE("submission_id");--> statement-breakpoint
-- Hand-written (issue 27, DESIGN.md "Signed things never change"): a waiver document is never updated (a correction is a new document), and deleted only once its retention ended (the retention job, which leaves a line in waiver_audit).
CREATE FUNCTION "waiver_documents_sealed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'a waiver document is never changed: sign a new one (issue 27)' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.keep_until >= current_date THEN
    RAISE EXCEPTION 'waiver document % is kept until %', OLD.id, OLD.keep_until USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "waiver_documents_sealed" BEFORE UPDATE OR DELETE ON "waiver_documents" FOR EACH ROW EXECUTE FUNCTION "waiver_documents_sealed"();--> statement-breakpoint
CREATE TRIGGER "waiver_audit_append_only" BEFORE UPDATE OR DELETE ON "waiver_audit" FOR EACH ROW EXECUTE FUNCTION "checkout_append_only"();
