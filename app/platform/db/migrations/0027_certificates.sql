CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"name" text NOT NULL,
	"course_title" text NOT NULL,
	"hours" integer NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"attended" integer NOT NULL,
	"held" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" integer,
	"storage_key" text NOT NULL,
	"credential" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text DEFAULT '' NOT NULL,
	"revoked_by" integer,
	CONSTRAINT "certificates_registration_id_unique" UNIQUE("registration_id")
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"purpose" text PRIMARY KEY NOT NULL,
	"kid" text NOT NULL,
	"algorithm" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_keys_kid_unique" UNIQUE("kid")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "completion_percent" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_completion_percent_check" CHECK ("courses"."completion_percent" between 1 and 100);