CREATE TABLE "promoter_staff" (
	"user_id" text NOT NULL,
	"promoter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promoter_staff" ADD CONSTRAINT "promoter_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_staff" ADD CONSTRAINT "promoter_staff_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promoter_staff_uq" ON "promoter_staff" USING btree ("user_id","promoter_id");--> statement-breakpoint
CREATE INDEX "promoter_staff_promoter_idx" ON "promoter_staff" USING btree ("promoter_id");