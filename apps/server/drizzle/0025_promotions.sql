-- Promotions (modules/promotions) and their stations; charges.promotion_id (0023) now references
-- them: a promotion some charge used cannot be deleted. Until now no promotion could be applied, so
-- every charge's promotion_id is null and the new reference validates without a failure.
CREATE TABLE "promotion_stations" (
	"promotion_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	CONSTRAINT "promotion_stations_promotion_id_station_id_pk" PRIMARY KEY("promotion_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ky" text NOT NULL,
	"image" text NOT NULL,
	"crop" jsonb,
	"initiator" text NOT NULL,
	"merchant_id" integer,
	"min_charge_tyiyn" bigint DEFAULT 0 NOT NULL,
	"min_charges" integer DEFAULT 0 NOT NULL,
	"discount_basis_points" integer,
	"discount_tyiyn" bigint,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"happy_hours_start" time,
	"happy_hours_end" time,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_initiator_check" CHECK (initiator in ('merchant', 'company', 'payment_system')),
	CONSTRAINT "promotions_merchant_check" CHECK (("promotions"."initiator" = 'merchant') = ("promotions"."merchant_id" is not null)),
	CONSTRAINT "promotions_discount_check" CHECK (("promotions"."discount_basis_points" is null) <> ("promotions"."discount_tyiyn" is null)),
	CONSTRAINT "promotions_amounts_check" CHECK ("promotions"."min_charge_tyiyn" >= 0 and "promotions"."min_charges" >= 0 and "promotions"."discount_basis_points" between 0 and 10000 and "promotions"."discount_tyiyn" between 0 and "promotions"."min_charge_tyiyn"),
	CONSTRAINT "promotions_period_check" CHECK ("promotions"."end_at" > "promotions"."start_at"),
	CONSTRAINT "promotions_happy_hours_check" CHECK (("promotions"."happy_hours_start" is null and "promotions"."happy_hours_end" is null) or "promotions"."happy_hours_start" <> "promotions"."happy_hours_end")
);
--> statement-breakpoint
ALTER TABLE "promotion_stations" ADD CONSTRAINT "promotion_stations_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_stations" ADD CONSTRAINT "promotion_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_managers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_stations_station_idx" ON "promotion_stations" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "promotions_created_idx" ON "promotions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "promotions_active_end_idx" ON "promotions" USING btree ("end_at") WHERE status = 0;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_promotion_idx" ON "charges" USING btree ("promotion_id","started_at") WHERE promotion_id is not null;