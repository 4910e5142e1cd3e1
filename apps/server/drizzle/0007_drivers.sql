CREATE SEQUENCE "public"."driver_account_seq" INCREMENT BY 1 MINVALUE 1000000 MAXVALUE 9999999 START WITH 1000000 CACHE 1;--> statement-breakpoint
CREATE TABLE "balance_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"debit_tyiyn" bigint DEFAULT 0 NOT NULL,
	"credit_tyiyn" bigint DEFAULT 0 NOT NULL,
	"balance_after_tyiyn" bigint NOT NULL,
	"charge_id" integer,
	"manager_id" integer,
	CONSTRAINT "balance_entries_amount_check" CHECK (("balance_entries"."debit_tyiyn" > 0 and "balance_entries"."credit_tyiyn" = 0) or ("balance_entries"."debit_tyiyn" = 0 and "balance_entries"."credit_tyiyn" > 0)),
	CONSTRAINT "balance_entries_method_check" CHECK (method in ('manager_top_up', 'online_top_up', 'charge', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "driver_id_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"id_tag" text NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"surname" text NOT NULL,
	"first_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"gender" text,
	"birthday" date,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"balance_tyiyn" bigint DEFAULT 0 NOT NULL,
	"car_make" text,
	"car_model" text,
	"car_year" smallint,
	"car_colour" text,
	"licence" text,
	"app_version" text,
	"platform" smallint,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(surname || ' ' || first_name || chr(10) || first_name || ' ' || surname || chr(10) || phone || chr(10) || account || chr(10) || coalesce(email, ''))) STORED NOT NULL,
	CONSTRAINT "drivers_gender_check" CHECK ("drivers"."gender" in ('male', 'female')),
	CONSTRAINT "drivers_platform_check" CHECK ("drivers"."platform" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_manager_id_managers_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_id_tags" ADD CONSTRAINT "driver_id_tags_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_entries_created_at_idx" ON "balance_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "balance_entries_driver_idx" ON "balance_entries" USING btree ("driver_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_charge_key" ON "balance_entries" USING btree ("charge_id") WHERE method = 'charge';--> statement-breakpoint
CREATE UNIQUE INDEX "driver_id_tags_id_tag_key" ON "driver_id_tags" USING btree (lower("id_tag"));--> statement-breakpoint
CREATE INDEX "driver_id_tags_driver_idx" ON "driver_id_tags" USING btree ("driver_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_account_key" ON "drivers" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_phone_key" ON "drivers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "drivers_registered_at_idx" ON "drivers" USING btree ("registered_at","id");--> statement-breakpoint
CREATE INDEX "drivers_search_text_trgm_idx" ON "drivers" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);