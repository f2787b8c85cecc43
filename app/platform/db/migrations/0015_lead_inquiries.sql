CREATE TABLE "lead_inquiries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_inquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"form" text NOT NULL,
	"inquiry_type" text DEFAULT '' NOT NULL,
	"website_type" text DEFAULT '' NOT NULL,
	"budget" text DEFAULT '' NOT NULL,
	"timeline" text DEFAULT '' NOT NULL,
	"ai_features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'Direct' NOT NULL,
	"source_page" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_inquiries_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
DROP INDEX "leads_created_idx";--> statement-breakpoint
DROP INDEX "leads_assigned_idx";--> statement-breakpoint
ALTER TABLE "lead_inquiries" ADD CONSTRAINT "lead_inquiries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_inquiries_lead_idx" ON "lead_inquiries" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_lead_idx" ON "mail_messages" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_assigned_idx" ON "leads" USING btree ("assigned_to","created_at","id");