CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ky" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ky" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"district_id" integer,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ky" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surroundings" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ky" text NOT NULL,
	"icon" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ky" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "districts_country_idx" ON "districts" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "settlements_country_idx" ON "settlements" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "settlements_district_idx" ON "settlements" USING btree ("district_id");