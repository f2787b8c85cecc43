ALTER TABLE "registrations" DROP CONSTRAINT "registrations_status_check";--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "address_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "client_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "registrations_client_idx" ON "registrations" USING btree ("cohort_id","client_key");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_status_check" CHECK ("registrations"."status" in ('pending', 'confirmed', 'paid', 'cancelled', 'completed', 'waitlisted', 'offered', 'unconfirmed'));--> statement-breakpoint
-- Registrations made before: those holding no deadline count as confirmed (as they were treated).
UPDATE "registrations" SET "address_confirmed_at" = "created_at" WHERE "hold_expires_at" IS NULL;
