CREATE TABLE "desk_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text NOT NULL,
	"promoter_id" integer NOT NULL,
	"event_id" integer,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "desk_audit" ADD CONSTRAINT "desk_audit_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_audit" ADD CONSTRAINT "desk_audit_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_audit_event_idx" ON "desk_audit" USING btree ("event_id","at");--> statement-breakpoint
CREATE INDEX "desk_audit_promoter_idx" ON "desk_audit" USING btree ("promoter_id","at");--> statement-breakpoint
CREATE FUNCTION "desk_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'desk_audit rows are only ever added'; END $$;--> statement-breakpoint
CREATE TRIGGER "desk_audit_no_change" BEFORE UPDATE OR DELETE ON "desk_audit" FOR EACH ROW EXECUTE FUNCTION "desk_audit_append_only"();
