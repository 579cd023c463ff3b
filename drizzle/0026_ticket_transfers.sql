CREATE TABLE "ticket_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"from_ticket_id" uuid NOT NULL,
	"to_ticket_id" uuid NOT NULL,
	"to_spectator_id" uuid NOT NULL,
	"by_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_transfers_from_ticket_id_unique" UNIQUE("from_ticket_id"),
	CONSTRAINT "ticket_transfers_to_ticket_id_unique" UNIQUE("to_ticket_id"),
	CONSTRAINT "ticket_transfers_to_spectator_id_unique" UNIQUE("to_spectator_id")
);
--> statement-breakpoint
ALTER TABLE "spectator_registrations" ADD COLUMN "submission_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_from_ticket_id_tickets_id_fk" FOREIGN KEY ("from_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_to_ticket_id_tickets_id_fk" FOREIGN KEY ("to_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_to_spectator_id_spectators_id_fk" FOREIGN KEY ("to_spectator_id") REFERENCES "public"."spectators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spectator_registrations" ADD CONSTRAINT "spectator_registrations_submission_id_unique" UNIQUE("submission_id");--> statement-breakpoint
CREATE TRIGGER "ticket_transfers_append_only" BEFORE UPDATE OR DELETE ON "ticket_transfers" FOR EACH ROW EXECUTE FUNCTION "checkout_append_only"();