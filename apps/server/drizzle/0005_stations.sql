CREATE TABLE "station_connectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"evse_id" integer NOT NULL,
	"evse" text,
	"connector_id" integer NOT NULL,
	"ocpp_16_id" integer NOT NULL,
	"typo" text NOT NULL,
	"position" smallint NOT NULL,
	"power_w" integer NOT NULL,
	"cable_length" integer,
	"custom_fee_tyiyn" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_surroundings" (
	"station_id" integer NOT NULL,
	"surrounding_id" integer NOT NULL,
	CONSTRAINT "station_surroundings_station_id_surrounding_id_pk" PRIMARY KEY("station_id","surrounding_id")
);
--> statement-breakpoint
CREATE TABLE "station_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_tags" (
	"station_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "station_tags_station_id_tag_id_pk" PRIMARY KEY("station_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ky" text NOT NULL,
	"identity" text NOT NULL,
	"password_hash" text NOT NULL,
	"pic" text NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"execution_type" text DEFAULT 'wall' NOT NULL,
	"address_ru" text NOT NULL,
	"address_en" text NOT NULL,
	"address_ky" text NOT NULL,
	"latitude" text NOT NULL,
	"longitude" text NOT NULL,
	"avatar" text,
	"merchant_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name_ru || chr(10) || name_en || chr(10) || name_ky || chr(10) || identity || chr(10) || address_ru || chr(10) || address_en || chr(10) || address_ky || chr(10) || pic || chr(10) || manufacturer)) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "station_connectors" ADD CONSTRAINT "station_connectors_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_surroundings" ADD CONSTRAINT "station_surroundings_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_surroundings" ADD CONSTRAINT "station_surroundings_surrounding_id_surroundings_id_fk" FOREIGN KEY ("surrounding_id") REFERENCES "public"."surroundings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_media" ADD CONSTRAINT "station_media_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_tags" ADD CONSTRAINT "station_tags_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_tags" ADD CONSTRAINT "station_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_city_id_settlements_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_created_by_managers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "station_connectors_station_idx" ON "station_connectors" USING btree ("station_id","ocpp_16_id");--> statement-breakpoint
CREATE INDEX "station_surroundings_surrounding_idx" ON "station_surroundings" USING btree ("surrounding_id");--> statement-breakpoint
CREATE INDEX "station_media_station_idx" ON "station_media" USING btree ("station_id","position");--> statement-breakpoint
CREATE INDEX "station_tags_tag_idx" ON "station_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_identity_key" ON "stations" USING btree ("identity");--> statement-breakpoint
CREATE INDEX "stations_merchant_id_idx" ON "stations" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "stations_merchant_status_idx" ON "stations" USING btree ("merchant_id","status");--> statement-breakpoint
CREATE INDEX "stations_search_text_trgm_idx" ON "stations" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);