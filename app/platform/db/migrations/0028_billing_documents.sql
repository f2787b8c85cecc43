CREATE TABLE "billing_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"registration_id" integer NOT NULL,
	"refers_to" integer,
	"billed_to" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date,
	"payment_method" text DEFAULT '' NOT NULL,
	"pdf" "bytea" NOT NULL,
	"reminded_at" timestamp with time zone,
	"issued_by" integer,
	CONSTRAINT "billing_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "billing_documents_kind_check" CHECK ("billing_documents"."kind" in ('invoice', 'credit_note', 'receipt')),
	CONSTRAINT "billing_documents_total_check" CHECK ("billing_documents"."total_cents" >= 0),
	CONSTRAINT "billing_documents_due_check" CHECK (("billing_documents"."kind" = 'invoice') = ("billing_documents"."due_on" is not null)),
	CONSTRAINT "billing_documents_refers_check" CHECK (("billing_documents"."kind" <> 'credit_note' or "billing_documents"."refers_to" is not null) and ("billing_documents"."kind" <> 'invoice' or "billing_documents"."refers_to" is null))
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_refers_to_billing_documents_id_fk" FOREIGN KEY ("refers_to") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_documents_registration_idx" ON "billing_documents" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "billing_documents_refers_idx" ON "billing_documents" USING btree ("refers_to");