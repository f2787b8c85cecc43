CREATE TABLE "registration_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_label" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
DROP INDEX "registrations_cohort_idx";--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "paid_cents" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "paid_method" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_events" ADD CONSTRAINT "registration_events_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_events" ADD CONSTRAINT "registration_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_events_registration_idx" ON "registration_events" USING btree ("registration_id","at");--> statement-breakpoint
CREATE INDEX "registrations_cohort_idx" ON "registrations" USING btree ("cohort_id","status");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_status_check" CHECK ("registrations"."status" in ('pending', 'confirmed', 'paid', 'cancelled', 'completed', 'waitlisted', 'offered'));--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_paid_check" CHECK ("registrations"."paid_cents" is null or "registrations"."paid_cents" >= 0);--> statement-breakpoint
-- Existing registrations become Pending (the column's default), as of when they were made, and
-- their history starts with the visitor's registration.
UPDATE "registrations" SET "status_changed_at" = "created_at";--> statement-breakpoint
INSERT INTO "registration_events" ("registration_id", "at", "actor_label", "to_status", "note")
SELECT "id", "created_at", 'Visitor', 'pending', 'Registered on the website' FROM "registrations";
