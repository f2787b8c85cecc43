CREATE TABLE "sales_activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rep_id" integer,
	"actor_id" integer,
	"customer_id" integer,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rep_id" integer,
	"customer_id" integer,
	"amount_cents" integer NOT NULL,
	"closed_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_bookings_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "sales_bookings_amount_check" CHECK ("sales_bookings"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rep_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"phase" text NOT NULL,
	"deal_value_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_customers_value_check" CHECK ("sales_customers"."deal_value_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_targets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_targets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rep_id" integer,
	"month" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_targets_rep_month_key" UNIQUE NULLS NOT DISTINCT("rep_id","month"),
	CONSTRAINT "sales_targets_amount_check" CHECK ("sales_targets"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "training_modules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_modules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"duration" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"poster_url" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_progress" (
	"user_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_progress_user_id_module_id_pk" PRIMARY KEY("user_id","module_id"),
	CONSTRAINT "training_progress_percent_check" CHECK ("training_progress"."percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "sales_activities" ADD CONSTRAINT "sales_activities_rep_id_users_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_activities" ADD CONSTRAINT "sales_activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_activities" ADD CONSTRAINT "sales_activities_customer_id_sales_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."sales_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_bookings" ADD CONSTRAINT "sales_bookings_rep_id_users_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_bookings" ADD CONSTRAINT "sales_bookings_customer_id_sales_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."sales_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_customers" ADD CONSTRAINT "sales_customers_rep_id_users_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_targets" ADD CONSTRAINT "sales_targets_rep_id_users_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_module_id_training_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."training_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_activities_at_idx" ON "sales_activities" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sales_activities_rep_idx" ON "sales_activities" USING btree ("rep_id","at");--> statement-breakpoint
CREATE INDEX "sales_bookings_closed_idx" ON "sales_bookings" USING btree ("closed_on");--> statement-breakpoint
CREATE INDEX "sales_bookings_rep_idx" ON "sales_bookings" USING btree ("rep_id","closed_on");--> statement-breakpoint
CREATE INDEX "sales_customers_rep_idx" ON "sales_customers" USING btree ("rep_id","created_at");