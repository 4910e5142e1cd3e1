-- Banners and fullscreens (modules/banners), one table by type, and the stations a banner is shown at.
-- The archive (inactive, or past the end) is computed when read: no sweep writes the status.
CREATE TABLE "banner_stations" (
	"banner_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	CONSTRAINT "banner_stations_banner_id_station_id_pk" PRIMARY KEY("banner_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"crop" jsonb,
	"link" text NOT NULL,
	"merchant_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"button_name" text,
	"button_colour" text,
	"category" text,
	"destination" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_type_check" CHECK (type in ('banner', 'fullscreen')),
	CONSTRAINT "banners_category_check" CHECK (category is null or category in ('main', 'list', 'maps', 'stock_promotions', 'notifications')),
	CONSTRAINT "banners_destination_check" CHECK (destination is null or destination in ('browser', 'app')),
	CONSTRAINT "banners_type_fields_check" CHECK (case when "banners"."type" = 'banner' then "banners"."button_name" is not null and "banners"."button_colour" is not null and "banners"."category" is null and "banners"."destination" is null else "banners"."category" is not null and "banners"."destination" is not null and "banners"."button_name" is null and "banners"."button_colour" is null end),
	CONSTRAINT "banners_period_check" CHECK ("banners"."end_at" > "banners"."start_at")
);
--> statement-breakpoint
ALTER TABLE "banner_stations" ADD CONSTRAINT "banner_stations_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_stations" ADD CONSTRAINT "banner_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_created_by_managers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_stations_station_idx" ON "banner_stations" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "banners_type_created_idx" ON "banners" USING btree ("type","created_at","id");