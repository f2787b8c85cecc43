-- Consultations (issue 32, decision 0020). btree_gist lets one exclusion constraint compare a
-- consultant id (=) and a time range (&&); it is a trusted extension (PostgreSQL 13+) and PGlite
-- ships it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE TABLE "booking_reminders" (
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reminders_booking_id_kind_pk" PRIMARY KEY("booking_id","kind")
);
--> statement-breakpoint
CREATE TABLE "booking_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_tokens_booking_id_unique" UNIQUE("booking_id")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"meeting_type_id" integer NOT NULL,
	"consultant_id" integer,
	"lead_id" integer,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_from" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"holder_key" text DEFAULT '' NOT NULL,
	"client_key" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT '' NOT NULL,
	"calendar_sequence" integer DEFAULT 0 NOT NULL,
	"booked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"outcome" text,
	"outcome_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('held', 'booked', 'cancelled')),
	CONSTRAINT "bookings_times_check" CHECK ("bookings"."starts_at" < "bookings"."ends_at" and "bookings"."blocked_from" <= "bookings"."starts_at" and "bookings"."blocked_until" >= "bookings"."ends_at"),
	CONSTRAINT "bookings_outcome_check" CHECK ("bookings"."outcome" is null or "bookings"."outcome" in ('held', 'no_show'))
);
--> statement-breakpoint
CREATE TABLE "consultant_hours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consultant_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "consultant_hours_weekday_check" CHECK ("consultant_hours"."weekday" between 1 and 7),
	CONSTRAINT "consultant_hours_range_check" CHECK ("consultant_hours"."start_minute" >= 0 and "consultant_hours"."start_minute" < "consultant_hours"."end_minute" and "consultant_hours"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "consultant_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consultant_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"start_minute" integer,
	"end_minute" integer,
	CONSTRAINT "consultant_overrides_range_check" CHECK (("consultant_overrides"."start_minute" is null and "consultant_overrides"."end_minute" is null) or ("consultant_overrides"."start_minute" >= 0 and "consultant_overrides"."start_minute" < "consultant_overrides"."end_minute" and "consultant_overrides"."end_minute" <= 1440))
);
--> statement-breakpoint
CREATE TABLE "consultant_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"takes_consultations" boolean DEFAULT false NOT NULL,
	"time_zone" text,
	"feed_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultant_profiles_feed_token_hash_unique" UNIQUE("feed_token_hash")
);
--> statement-breakpoint
CREATE TABLE "meeting_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"service_type" text DEFAULT '' NOT NULL,
	"length_minutes" integer DEFAULT 30 NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 240 NOT NULL,
	"window_days" integer DEFAULT 30 NOT NULL,
	"slot_interval_minutes" integer DEFAULT 30 NOT NULL,
	"daily_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_types_slug_unique" UNIQUE("slug"),
	CONSTRAINT "meeting_types_rules_check" CHECK ("meeting_types"."length_minutes" between 5 and 480 and "meeting_types"."buffer_before_minutes" between 0 and 240 and "meeting_types"."buffer_after_minutes" between 0 and 240 and "meeting_types"."min_notice_minutes" between 0 and 20160 and "meeting_types"."window_days" between 1 and 365 and "meeting_types"."slot_interval_minutes" between 5 and 480 and ("meeting_types"."daily_limit" is null or "meeting_types"."daily_limit" >= 1))
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tokens" ADD CONSTRAINT "booking_tokens_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_meeting_type_id_meeting_types_id_fk" FOREIGN KEY ("meeting_type_id") REFERENCES "public"."meeting_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_consultant_id_users_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_hours" ADD CONSTRAINT "consultant_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_overrides" ADD CONSTRAINT "consultant_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_profiles" ADD CONSTRAINT "consultant_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_consultant_idx" ON "bookings" USING btree ("consultant_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_starts_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "bookings_lead_idx" ON "bookings" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "bookings_holder_idx" ON "bookings" USING btree ("holder_key") WHERE "bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "consultant_hours_user_idx" ON "consultant_hours" USING btree ("user_id","weekday");--> statement-breakpoint
CREATE INDEX "consultant_overrides_user_idx" ON "consultant_overrides" USING btree ("user_id","day");
--> statement-breakpoint
-- Two live (held or booked) meetings of one consultant, buffers included, can never overlap.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("consultant_id" WITH =, tstzrange("blocked_from", "blocked_until") WITH &&) WHERE ("status" in ('held', 'booked'));
--> statement-breakpoint
-- Every site offers the free consultation: 30 minutes, 4 hours' notice, 30 days ahead.
INSERT INTO "meeting_types" ("slug", "name", "description") VALUES ('free', 'Free consultation', 'Thirty minutes with a consultant about any of our services: your goals, your current setup and what would pay off.');
