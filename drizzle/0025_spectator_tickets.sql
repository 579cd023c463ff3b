CREATE TABLE "spectator_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"buyer_user_id" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"order_id" integer,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spectators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"birthday" date NOT NULL,
	"email" text,
	"is_buyer" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"signing_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spectators_signing_id_unique" UNIQUE("signing_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" uuid,
	"event_id" integer NOT NULL,
	"device_scan_id" uuid NOT NULL,
	"gate" text NOT NULL,
	"result" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_by" text NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ticket_scans_device_scan_id_unique" UNIQUE("device_scan_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"spectator_id" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"order_line_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_spectator_id_unique" UNIQUE("spectator_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "spectator_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "waiver_documents" ADD COLUMN "spectator_id" uuid;--> statement-breakpoint
ALTER TABLE "spectator_registrations" ADD CONSTRAINT "spectator_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spectator_registrations" ADD CONSTRAINT "spectator_registrations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spectators" ADD CONSTRAINT "spectators_registration_id_spectator_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."spectator_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spectators" ADD CONSTRAINT "spectators_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_spectator_id_spectators_id_fk" FOREIGN KEY ("spectator_id") REFERENCES "public"."spectators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spectator_registrations_event_idx" ON "spectator_registrations" USING btree ("event_id","day");--> statement-breakpoint
CREATE INDEX "spectator_registrations_buyer_idx" ON "spectator_registrations" USING btree ("buyer_user_id");--> statement-breakpoint
CREATE INDEX "spectators_registration_idx" ON "spectators" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "spectators_event_idx" ON "spectators" USING btree ("event_id","day");--> statement-breakpoint
CREATE INDEX "ticket_scans_event_idx" ON "ticket_scans" USING btree ("event_id","scanned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_scans_admitted_uq" ON "ticket_scans" USING btree ("ticket_id") WHERE "ticket_scans"."result" = 'admitted';--> statement-breakpoint
CREATE INDEX "tickets_event_idx" ON "tickets" USING btree ("event_id","day");--> statement-breakpoint
ALTER TABLE "waiver_documents" ADD CONSTRAINT "waiver_documents_spectator_id_spectators_id_fk" FOREIGN KEY ("spectator_id") REFERENCES "public"."spectators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "tickets_append_only" BEFORE UPDATE OR DELETE ON "tickets" FOR EACH ROW EXECUTE FUNCTION "checkout_append_only"();--> statement-breakpoint
CREATE TRIGGER "ticket_scans_append_only" BEFORE UPDATE OR DELETE ON "ticket_scans" FOR EACH ROW EXECUTE FUNCTION "checkout_append_only"();
