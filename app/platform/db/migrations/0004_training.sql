CREATE TABLE "cohorts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cohorts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"class_schedule" text NOT NULL,
	"capacity" integer DEFAULT 16 NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohorts_course_date_schedule_key" UNIQUE("course_id","start_date","class_schedule"),
	CONSTRAINT "cohorts_seats_check" CHECK ("cohorts"."seats_taken" >= 0 and "cohorts"."seats_taken" <= "cohorts"."capacity")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"vendor_group" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"short_title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"overview" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prerequisites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration" text NOT NULL,
	"price_cents" integer NOT NULL,
	"schedule_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inclusions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"career_outlook" jsonb,
	"image" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"cohort_id" integer NOT NULL,
	"certification_interest" text NOT NULL,
	"class_schedule" text NOT NULL,
	"start_date" date NOT NULL,
	"experience" text NOT NULL,
	"payment_method" text NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_lead_id_unique" UNIQUE("lead_id")
);
--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cohorts_course_date_idx" ON "cohorts" USING btree ("course_id","start_date");--> statement-breakpoint
CREATE INDEX "courses_kind_order_idx" ON "courses" USING btree ("kind","sort_order","id");--> statement-breakpoint
CREATE INDEX "registrations_cohort_idx" ON "registrations" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "registrations_course_idx" ON "registrations" USING btree ("course_id");