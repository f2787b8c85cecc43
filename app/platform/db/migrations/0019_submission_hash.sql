ALTER TABLE "lead_inquiries" RENAME COLUMN "idempotency_key" TO "submission_hash";--> statement-breakpoint
ALTER TABLE "leads" RENAME COLUMN "idempotency_key" TO "submission_hash";--> statement-breakpoint
ALTER TABLE "lead_inquiries" DROP CONSTRAINT "lead_inquiries_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_idempotency_key_unique";--> statement-breakpoint
CREATE INDEX "lead_inquiries_submission_idx" ON "lead_inquiries" USING btree ("submission_hash");--> statement-breakpoint
CREATE INDEX "leads_submission_idx" ON "leads" USING btree ("submission_hash");--> statement-breakpoint
UPDATE "leads" SET "submission_hash" = NULL;--> statement-breakpoint
UPDATE "lead_inquiries" SET "submission_hash" = NULL;
