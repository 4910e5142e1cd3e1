-- Written by hand (drizzle-kit does not manage extensions): the trigram index below needs pg_trgm, a
-- trusted extension, so the database owner may create it; PGlite loads it at start (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "merchant_surroundings" (
	"merchant_id" integer NOT NULL,
	"surrounding_id" integer NOT NULL,
	CONSTRAINT "merchant_surroundings_merchant_id_surrounding_id_pk" PRIMARY KEY("merchant_id","surrounding_id")
);
--> statement-breakpoint
CREATE TABLE "merchant_tags" (
	"merchant_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "merchant_tags_merchant_id_tag_id_pk" PRIMARY KEY("merchant_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ky" text NOT NULL,
	"agreement_number" text NOT NULL,
	"legal_name" text NOT NULL,
	"country_id" integer NOT NULL,
	"district_id" integer,
	"city_id" integer NOT NULL,
	"street" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"percentage_bp" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name_ru || chr(10) || name_en || chr(10) || name_ky || chr(10) || agreement_number || chr(10) || legal_name || chr(10) || phone || chr(10) || email)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ky" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_surroundings" ADD CONSTRAINT "merchant_surroundings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_surroundings" ADD CONSTRAINT "merchant_surroundings_surrounding_id_surroundings_id_fk" FOREIGN KEY ("surrounding_id") REFERENCES "public"."surroundings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_tags" ADD CONSTRAINT "merchant_tags_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_tags" ADD CONSTRAINT "merchant_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_city_id_settlements_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_created_by_managers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_events" ADD CONSTRAINT "news_events_created_by_managers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_surroundings_surrounding_idx" ON "merchant_surroundings" USING btree ("surrounding_id");--> statement-breakpoint
CREATE INDEX "merchant_tags_tag_idx" ON "merchant_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "merchants_status_idx" ON "merchants" USING btree ("status");--> statement-breakpoint
CREATE INDEX "merchants_search_text_trgm_idx" ON "merchants" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "news_events_created_at_idx" ON "news_events" USING btree ("created_at");