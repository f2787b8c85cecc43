CREATE TABLE "class_attendance" (
	"session_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"mark" text NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_attendance_session_id_registration_id_pk" PRIMARY KEY("session_id","registration_id"),
	CONSTRAINT "class_attendance_mark_check" CHECK ("class_attendance"."mark" in ('present', 'late', 'excused', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "class_calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "class_materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cohort_id" integer NOT NULL,
	"session_id" integer,
	"title" text NOT NULL,
	"storage_key" text DEFAULT '' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"content_type" text DEFAULT '' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"announced_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_materials_kind_check" CHECK (("class_materials"."storage_key" <> '') <> ("class_materials"."url" <> ''))
);
--> statement-breakpoint
CREATE TABLE "class_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cohort_id" integer NOT NULL,
	"day" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"calendar_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_sessions_status_check" CHECK ("class_sessions"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "class_sessions_times_check" CHECK ("class_sessions"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "class_sessions"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "class_sessions"."start_time" < "class_sessions"."end_time")
);
--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_session_id_class_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_calendar_feeds" ADD CONSTRAINT "class_calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_materials" ADD CONSTRAINT "class_materials_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_materials" ADD CONSTRAINT "class_materials_session_id_class_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."class_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_materials" ADD CONSTRAINT "class_materials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_attendance_registration_idx" ON "class_attendance" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "class_materials_cohort_idx" ON "class_materials" USING btree ("cohort_id","release_at");--> statement-breakpoint
CREATE INDEX "class_materials_due_idx" ON "class_materials" USING btree ("release_at") WHERE "class_materials"."announced_at" is null;--> statement-breakpoint
CREATE INDEX "class_sessions_cohort_day_idx" ON "class_sessions" USING btree ("cohort_id","day","start_time");