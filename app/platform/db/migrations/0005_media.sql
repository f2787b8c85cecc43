CREATE TABLE "images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"object_key" text NOT NULL,
	"original_name" text NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"size" integer NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_object_key_unique" UNIQUE("object_key")
);
--> statement-breakpoint
CREATE INDEX "images_created_idx" ON "images" USING btree ("created_at");