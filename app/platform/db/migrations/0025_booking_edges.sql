CREATE TABLE "closed_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "closed_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"name" text NOT NULL,
	"yearly" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closed_days_day_unique" UNIQUE("day")
);
--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
UPDATE "booking_reminders" r SET "starts_at" = b."starts_at" FROM "bookings" b WHERE b."id" = r."booking_id";--> statement-breakpoint
ALTER TABLE "booking_reminders" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_reminders" DROP CONSTRAINT "booking_reminders_booking_id_kind_pk";--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_kind_starts_at_pk" PRIMARY KEY("booking_id","kind","starts_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "outcome_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_releases" ADD COLUMN "item_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "content_releases" c SET "item_count" = (SELECT count(*) FROM "content_release_items" i WHERE i."release_id" = c."id");--> statement-breakpoint
-- A step of a scheduled release that disappears by any path (its pinned draft deleted, a row
-- deleted by hand) fails the whole release instead of shrinking it. Taking a step out on
-- purpose (unscheduling) says so in the transaction: set_config('app.unscheduling', 'on', true).
CREATE FUNCTION "content_release_item_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('app.unscheduling', true), '') <> 'on' THEN
    UPDATE "content_releases"
    SET "status" = 'failed',
        "done_at" = now(),
        "error" = 'One of its steps was removed before it went out (' || OLD."content_type" || ' ' || OLD."content_id" || '): nothing of it was published.'
    WHERE "id" = OLD."release_id" AND "status" = 'scheduled';
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "content_release_items_removed" AFTER DELETE ON "content_release_items" FOR EACH ROW EXECUTE FUNCTION "content_release_item_removed"();
