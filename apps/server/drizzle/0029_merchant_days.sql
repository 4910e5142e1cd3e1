CREATE TABLE "analytics_merchant_days" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"energy_wh" bigint DEFAULT 0 NOT NULL,
	"turnover_tyiyn" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_merchant_days_day_merchant_id_pk" PRIMARY KEY("day","merchant_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_station_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"station_id" integer NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"energy_wh" bigint DEFAULT 0 NOT NULL,
	"turnover_tyiyn" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_station_days_merchant_id_day_station_id_pk" PRIMARY KEY("merchant_id","day","station_id")
);
--> statement-breakpoint
-- The charges completed before this migration, counted as modules/analytics counts a settled one.
INSERT INTO "analytics_merchant_days" ("day", "merchant_id", "charges", "energy_wh", "turnover_tyiyn")
SELECT ("finished_at" AT TIME ZONE 'Asia/Bishkek')::date, coalesce("merchant_id", 0), count(*), sum("consumed_wh"), sum("total_tyiyn")
FROM "charges"
WHERE "status" IN ('finished', 'stopped') AND "result" = 'successful' AND "finished_at" IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "analytics_station_days" ("merchant_id", "day", "station_id", "charges", "energy_wh", "turnover_tyiyn")
SELECT coalesce("merchant_id", 0), ("finished_at" AT TIME ZONE 'Asia/Bishkek')::date, coalesce("station_id", 0), count(*), sum("consumed_wh"), sum("total_tyiyn")
FROM "charges"
WHERE "status" IN ('finished', 'stopped') AND "result" = 'successful' AND "finished_at" IS NOT NULL
GROUP BY 1, 2, 3;
