CREATE TABLE "staff_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The notification address was a stray key among the brand settings: it moves to its own home.
INSERT INTO "staff_settings" ("key", "value", "updated_at")
SELECT "key", "value", "updated_at" FROM "site_settings" WHERE "key" = 'sales_email';
--> statement-breakpoint
DELETE FROM "site_settings" WHERE "key" = 'sales_email';
