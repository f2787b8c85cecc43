CREATE TABLE "portfolio_projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portfolio_projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"client" text DEFAULT '' NOT NULL,
	"client_industry" text DEFAULT '' NOT NULL,
	"client_size" text DEFAULT '' NOT NULL,
	"completed_date" text DEFAULT '' NOT NULL,
	"challenge" text DEFAULT '' NOT NULL,
	"solution" text DEFAULT '' NOT NULL,
	"technologies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timeline" text DEFAULT '' NOT NULL,
	"team_size" text DEFAULT '' NOT NULL,
	"project_url" text DEFAULT '' NOT NULL,
	"results" jsonb DEFAULT '{"metrics":[]}'::jsonb NOT NULL,
	"testimonial" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "portfolio_projects_order_idx" ON "portfolio_projects" USING btree ("sort_order","id");