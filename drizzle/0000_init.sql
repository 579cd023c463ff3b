CREATE TYPE "public"."race_kind" AS ENUM('sprint', 'enduro');--> statement-breakpoint
CREATE TYPE "public"."result_state" AS ENUM('running', 'finished', 'DNF', 'DNS', 'DSQ');--> statement-breakpoint
CREATE TYPE "public"."series_type" AS ENUM('final', 'overall');--> statement-breakpoint
CREATE TABLE "class_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "class_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"class_group_id" integer,
	CONSTRAINT "classes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"race_number" text NOT NULL,
	"class_id" integer,
	"brand" text,
	"team_id" integer,
	"team_name" text,
	"transponder" text
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"promoter_id" integer NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"location" text,
	"city" text,
	"state" text,
	"country" text,
	"track_length_km" real,
	"description" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"registration_open" boolean DEFAULT false NOT NULL,
	"source" text,
	"source_file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_file" text NOT NULL,
	"format" text NOT NULL,
	"event_id" integer NOT NULL,
	"race_count" integer NOT NULL,
	"entry_count" integer NOT NULL,
	"passing_count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state" text,
	"country" text,
	"email" text,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"city" text,
	"state" text,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "passings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"lap_number" integer,
	"lap_time_ms" integer,
	"total_time_ms" integer,
	"section" text,
	"key_time_in_ms" integer,
	"key_time_out_ms" integer,
	"read_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promoters" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"city" text,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"run_number" integer,
	"kind" "race_kind" DEFAULT 'sprint' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"start_time" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"position" integer,
	"class_position" integer,
	"group_position" integer,
	"laps" integer,
	"total_time_ms" integer,
	"best_lap_ms" integer,
	"best_lap_number" integer,
	"last_lap_ms" integer,
	"gap_ms" integer,
	"diff_ms" integer,
	"penalty_ms" integer,
	"state" "result_state" DEFAULT 'finished' NOT NULL,
	"checkpoints" integer,
	"points" integer,
	"emergency_points" integer,
	"points_overall" integer,
	"points_class" integer,
	"points_group" integer,
	"speed_kmh" real,
	"section_times" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"promoter_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"classes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"drop_scores" integer DEFAULT 0 NOT NULL,
	"series_type" "series_type" DEFAULT 'overall' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_events" (
	"series_id" integer NOT NULL,
	"event_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer,
	"state" "result_state" DEFAULT 'finished' NOT NULL,
	"total_checkpoints" integer,
	"total_points" integer,
	"total_emergency_points" integer
);
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passings" ADD CONSTRAINT "passings_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passings" ADD CONSTRAINT "passings_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_events" ADD CONSTRAINT "series_events_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_events" ADD CONSTRAINT "series_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entries_race_key_uq" ON "entries" USING btree ("race_id","source_key");--> statement-breakpoint
CREATE INDEX "events_promoter_start_idx" ON "events" USING btree ("promoter_id","start_date");--> statement-breakpoint
CREATE INDEX "participants_name_idx" ON "participants" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "passings_race_entry_idx" ON "passings" USING btree ("race_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promoters_user_id_uq" ON "promoters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "races_event_idx" ON "races" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "results_entry_uq" ON "results" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "results_race_idx" ON "results" USING btree ("race_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_events_uq" ON "series_events" USING btree ("series_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_race_name_uq" ON "teams" USING btree ("race_id","name");