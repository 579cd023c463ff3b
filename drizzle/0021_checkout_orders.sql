CREATE TYPE "public"."payment_provider" AS ENUM('office', 'stripe');--> statement-breakpoint
CREATE TYPE "public"."purchase_kind" AS ENUM('membership', 'entry', 'ticket');--> statement-breakpoint
CREATE TABLE "member_numbers" (
	"participant_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_numbers_participant_id_organization_id_pk" PRIMARY KEY("participant_id","organization_id"),
	CONSTRAINT "member_numbers_number_ck" CHECK ("member_numbers"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" "purchase_kind" NOT NULL,
	"description" text NOT NULL,
	"unit_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"taxes" jsonb NOT NULL,
	"membership_type_id" integer,
	"participant_id" integer,
	"event_id" integer,
	"class_id" integer,
	CONSTRAINT "order_lines_amounts_ck" CHECK ("order_lines"."unit_cents" >= 0 and "order_lines"."quantity" >= 1 and "order_lines"."subtotal_cents" = "order_lines"."unit_cents" * "order_lines"."quantity" and "order_lines"."discount_cents" >= 0 and "order_lines"."discount_cents" <= "order_lines"."subtotal_cents" and "order_lines"."tax_cents" >= 0),
	CONSTRAINT "order_lines_total_ck" CHECK ("order_lines"."total_cents" = "order_lines"."subtotal_cents" - "order_lines"."discount_cents" + "order_lines"."tax_cents"),
	CONSTRAINT "order_lines_membership_ck" CHECK ("order_lines"."kind" <> 'membership' or ("order_lines"."membership_type_id" is not null and "order_lines"."participant_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "order_releases" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "order_releases_reason_ck" CHECK ("order_releases"."reason" in ('hold_expired', 'provider_expired', 'payment_failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" integer,
	"event_id" integer,
	"promoter_id" integer,
	"province" text NOT NULL,
	"locale" text NOT NULL,
	"currency" text DEFAULT 'CAD' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"taxes" jsonb NOT NULL,
	"promo_code_id" integer,
	"promo_code" text,
	"provider" "payment_provider" NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "orders_currency_ck" CHECK ("orders"."currency" = 'CAD'),
	CONSTRAINT "orders_province_ck" CHECK ("orders"."province" ~ '^[A-Z]{2}$'),
	CONSTRAINT "orders_amounts_ck" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."tax_cents" >= 0 and "orders"."total_cents" >= 0 and "orders"."discount_cents" <= "orders"."subtotal_cents"),
	CONSTRAINT "orders_total_ck" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."tax_cents"),
	CONSTRAINT "orders_promo_ck" CHECK (("orders"."promo_code_id" is null) = ("orders"."promo_code" is null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_transaction_id" text,
	"recorded_by" text,
	"disposition" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_transaction_id_unique" UNIQUE("provider_transaction_id"),
	CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_disposition_ck" CHECK ("payments"."disposition" in ('keep', 'refund') and "payments"."reason" in ('on_time', 'late_goods_free', 'late_goods_taken', 'already_paid'))
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_buyer" integer,
	"applies_to" "purchase_kind"[] NOT NULL,
	"organization_id" integer,
	"event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_ck" CHECK ("promo_codes"."kind" in ('percent', 'amount')),
	CONSTRAINT "promo_codes_value_ck" CHECK ("promo_codes"."value" >= 1 and ("promo_codes"."kind" <> 'percent' or "promo_codes"."value" <= 10000)),
	CONSTRAINT "promo_codes_uses_ck" CHECK (("promo_codes"."max_uses" is null or "promo_codes"."max_uses" >= 0) and ("promo_codes"."max_uses_per_buyer" is null or "promo_codes"."max_uses_per_buyer" >= 0)),
	CONSTRAINT "promo_codes_applies_ck" CHECK (cardinality("promo_codes"."applies_to") >= 1)
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"provider" "payment_provider" NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" integer,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount_ck" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_reason_ck" CHECK (length(btrim("refunds"."reason")) > 0)
);
--> statement-breakpoint
DROP INDEX "memberships_org_number_uq";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
ALTER TABLE "member_numbers" ADD CONSTRAINT "member_numbers_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_numbers" ADD CONSTRAINT "member_numbers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_membership_type_id_membership_types_id_fk" FOREIGN KEY ("membership_type_id") REFERENCES "public"."membership_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_releases" ADD CONSTRAINT "order_releases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_numbers_org_number_uq" ON "member_numbers" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_promo_idx" ON "orders" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "orders_hold_idx" ON "orders" USING btree ("hold_expires_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_uq" ON "promo_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_org_number_from_uq" ON "memberships" USING btree ("organization_id","number","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_order_line_uq" ON "memberships" USING btree ("order_line_id");--> statement-breakpoint
-- Hand-written (issue 26, DESIGN.md "Money is only ever added to"): the checkout's records are only ever added to; an UPDATE or DELETE of one is refused by the database itself.
CREATE FUNCTION "checkout_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are only ever added to (issue 26)', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_append_only" BEFORE UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "checkout_append_only"();--> statement-breakpoint
CREATE TRIGGER "order_lines_append_only" BEFORE UPDATE OR DELETE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "checkout_append_only"();--> statement-breakpoint
CREATE TRIGGER "order_releases_append_only" BEFORE UPDATE OR DELETE ON "order_releases" FOR EACH ROW EXECUTE FUNCTION "checkout_append_only"();--> statement-breakpoint
CREATE TRIGGER "payments_append_only" BEFORE UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "checkout_append_only"();--> statement-breakpoint
CREATE TRIGGER "refunds_append_only" BEFORE UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "checkout_append_only"();--> statement-breakpoint
CREATE TRIGGER "member_numbers_append_only" BEFORE UPDATE OR DELETE ON "member_numbers" FOR EACH ROW EXECUTE FUNCTION "checkout_append_only"();
