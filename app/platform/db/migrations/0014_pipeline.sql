-- One customer record (docs/decisions/0016-one-pipeline.md): sales customers become leads, and
-- every booking belongs to a record. Ids are mapped through two temporary columns.
ALTER TABLE "leads" ADD COLUMN "phase" text DEFAULT 'New' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deal_value_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_deal_value_check" CHECK ("leads"."deal_value_cents" >= 0);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "migrated_customer_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "migrated_booking_id" integer;--> statement-breakpoint
-- A registration is a deal worth its stored price.
UPDATE "leads" SET "deal_value_cents" = r."price_cents" FROM "registrations" r WHERE r."lead_id" = "leads"."id";--> statement-breakpoint
INSERT INTO "leads" ("kind", "form", "name", "email", "phone", "company", "status", "source", "assigned_to", "phase", "deal_value_cents", "created_at", "updated_at", "migrated_customer_id")
SELECT 'manual', 'manual', c."name", c."email", c."phone", c."company",
  CASE c."phase" WHEN 'Closed Won' THEN 'Completed' WHEN 'Closed Lost' THEN 'Closed' ELSE 'In Progress' END,
  'Sales dashboard', c."rep_id", c."phase", c."deal_value_cents", c."created_at", c."updated_at", c."id"
FROM "sales_customers" c ORDER BY c."id";--> statement-breakpoint
-- Bookings made before the customer records existed get a won record each.
INSERT INTO "leads" ("kind", "form", "name", "email", "status", "source", "assigned_to", "phase", "deal_value_cents", "created_at", "updated_at", "migrated_booking_id")
SELECT 'manual', 'manual', 'Deal booked ' || to_char(b."closed_on", 'FMMonth YYYY'), '', 'Completed',
  'Before the pipeline', b."rep_id", 'Closed Won', b."amount_cents", b."closed_on"::timestamptz, b."closed_on"::timestamptz, b."id"
FROM "sales_bookings" b WHERE b."customer_id" IS NULL ORDER BY b."id";--> statement-breakpoint
ALTER TABLE "sales_activities" DROP CONSTRAINT "sales_activities_customer_id_sales_customers_id_fk";--> statement-breakpoint
ALTER TABLE "sales_bookings" DROP CONSTRAINT "sales_bookings_customer_id_sales_customers_id_fk";--> statement-breakpoint
-- Negated first: old and new ids may overlap, and customer_id is unique.
UPDATE "sales_bookings" SET "customer_id" = -"customer_id" WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sales_bookings" b SET "customer_id" = l."id" FROM "leads" l WHERE l."migrated_customer_id" = -b."customer_id";--> statement-breakpoint
UPDATE "sales_bookings" b SET "customer_id" = l."id" FROM "leads" l WHERE l."migrated_booking_id" = b."id";--> statement-breakpoint
UPDATE "sales_activities" SET "customer_id" = -"customer_id" WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sales_activities" a SET "customer_id" = l."id" FROM "leads" l WHERE l."migrated_customer_id" = -a."customer_id";--> statement-breakpoint
UPDATE "sales_activities" SET "customer_id" = NULL WHERE "customer_id" < 0;--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "migrated_customer_id";--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "migrated_booking_id";--> statement-breakpoint
DROP TABLE "sales_customers" CASCADE;--> statement-breakpoint
ALTER TABLE "sales_bookings" ALTER COLUMN "customer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_activities" ADD CONSTRAINT "sales_activities_customer_id_leads_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_bookings" ADD CONSTRAINT "sales_bookings_customer_id_leads_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "leads_assigned_idx";--> statement-breakpoint
CREATE INDEX "leads_assigned_idx" ON "leads" USING btree ("assigned_to","created_at");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "sales_activities_customer_idx" ON "sales_activities" USING btree ("customer_id","at");
