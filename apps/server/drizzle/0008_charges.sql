CREATE TABLE "charge_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"charges" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "charge_status_counts_status_check" CHECK (status in ('initiated', 'in_progress', 'pause', 'canceled', 'not_completed', 'finished', 'stopped', 'unauthorized'))
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"result" text,
	"driver_id" integer,
	"id_tag" text,
	"id_tag_status" text,
	"refusal" text,
	"station_id" integer,
	"station_name_ru" text NOT NULL,
	"station_name_en" text NOT NULL,
	"station_name_ky" text NOT NULL,
	"merchant_id" integer,
	"station_connector_id" integer,
	"ocpp_connector_id" integer NOT NULL,
	"connector_typo" text,
	"reservation_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"meter_start_wh" bigint,
	"meter_stop_wh" bigint,
	"last_meter_wh" bigint,
	"last_meter_at" timestamp with time zone,
	"power_w" integer,
	"soc_percent" smallint,
	"consumed_wh" bigint DEFAULT 0 NOT NULL,
	"price_tyiyn" integer,
	"price_source" text,
	"amount_tyiyn" bigint DEFAULT 0 NOT NULL,
	"discount_tyiyn" bigint DEFAULT 0 NOT NULL,
	"total_tyiyn" bigint DEFAULT 0 NOT NULL,
	"payment_method" text,
	"stop_reason" text,
	"stop_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_time" time GENERATED ALWAYS AS (date_trunc('second', timezone('Asia/Bishkek', finished_at))::time) STORED,
	CONSTRAINT "charges_status_check" CHECK (status in ('initiated', 'in_progress', 'pause', 'canceled', 'not_completed', 'finished', 'stopped', 'unauthorized')),
	CONSTRAINT "charges_result_check" CHECK (result in ('successful', 'failed')),
	CONSTRAINT "charges_payment_method_check" CHECK (payment_method in ('cash', 'other_card', 'balance', 'promotion')),
	CONSTRAINT "charges_price_source_check" CHECK (price_source in ('custom', 'personal', 'default')),
	CONSTRAINT "charges_refusal_check" CHECK (refusal in ('unknown_tag', 'blocked', 'low_balance', 'no_price', 'unknown_connector')),
	CONSTRAINT "charges_times_check" CHECK ("charges"."finished_at" >= "charges"."started_at"),
	CONSTRAINT "charges_money_check" CHECK ("charges"."consumed_wh" >= 0 and "charges"."discount_tyiyn" between 0 and "charges"."amount_tyiyn" and "charges"."total_tyiyn" in (0, "charges"."amount_tyiyn" - "charges"."discount_tyiyn"))
);
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_station_connector_id_station_connectors_id_fk" FOREIGN KEY ("station_connector_id") REFERENCES "public"."station_connectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_started_at_idx" ON "charges" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "charges_status_idx" ON "charges" USING btree ("status","started_at","id");--> statement-breakpoint
CREATE INDEX "charges_station_idx" ON "charges" USING btree ("station_id","started_at","id");--> statement-breakpoint
CREATE INDEX "charges_driver_idx" ON "charges" USING btree ("driver_id","started_at","id");--> statement-breakpoint
CREATE INDEX "charges_finished_at_idx" ON "charges" USING btree ("finished_at","started_at");--> statement-breakpoint
CREATE INDEX "charges_finished_time_idx" ON "charges" USING btree ("finished_time");--> statement-breakpoint
CREATE INDEX "charges_station_connector_idx" ON "charges" USING btree ("station_connector_id");--> statement-breakpoint
CREATE INDEX "charges_open_idx" ON "charges" USING btree ("station_id","ocpp_connector_id") WHERE status in ('initiated', 'in_progress', 'pause');--> statement-breakpoint
CREATE UNIQUE INDEX "charges_start_key" ON "charges" USING btree ("station_id","ocpp_connector_id","id_tag","meter_start_wh","started_at");--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- charge_status_counts follows charges (db/schema/charges.ts): statement triggers with transition
-- tables, so a bulk insert counts once per statement; rows change in status order.
INSERT INTO "charge_status_counts" ("status", "charges")
  SELECT "status", 0 FROM unnest(ARRAY['initiated', 'in_progress', 'pause', 'canceled', 'not_completed', 'finished', 'stopped', 'unauthorized']) AS "status";--> statement-breakpoint
CREATE FUNCTION "charges_count_statuses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "charge_status_counts" AS "counts" ("status", "charges")
      SELECT "status", count(*) FROM "new_rows" GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "charge_status_counts" AS "counts" ("status", "charges")
      SELECT "status", sum("delta") FROM (
        SELECT "status", 1 AS "delta" FROM "new_rows" UNION ALL SELECT "status", -1 FROM "old_rows"
      ) AS "changes" GROUP BY "status" HAVING sum("delta") <> 0 ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  ELSE
    INSERT INTO "charge_status_counts" AS "counts" ("status", "charges")
      SELECT "status", -count(*) FROM "old_rows" GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "charges_count_inserted" AFTER INSERT ON "charges" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "charges_count_statuses"();--> statement-breakpoint
CREATE TRIGGER "charges_count_updated" AFTER UPDATE ON "charges" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "charges_count_statuses"();--> statement-breakpoint
CREATE TRIGGER "charges_count_deleted" AFTER DELETE ON "charges" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "charges_count_statuses"();
