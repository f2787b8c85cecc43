ALTER TABLE "lead_inquiries" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
-- Later inquiries take their numbers from the records' sequence, above every number in use.
SELECT setval(pg_get_serial_sequence('leads', 'id'), greatest((SELECT coalesce(max("id"), 0) FROM "leads"), (SELECT coalesce(max("id"), 0) FROM "lead_inquiries"), 1));--> statement-breakpoint
ALTER TABLE "lead_inquiries" ALTER COLUMN "id" SET DEFAULT nextval(pg_get_serial_sequence('leads', 'id'));--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "returned_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "leads_returning_idx" ON "leads" USING btree ("returned_at") WHERE "leads"."returned_at" is not null;
