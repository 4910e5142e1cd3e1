CREATE TABLE "analytics_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"energy_wh" bigint DEFAULT 0 NOT NULL,
	"turnover_tyiyn" bigint DEFAULT 0 NOT NULL,
	"discount_tyiyn" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_promotion_users" (
	"day" date NOT NULL,
	"driver_id" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_promotion_users_day_driver_id_pk" PRIMARY KEY("day","driver_id")
);
--> statement-breakpoint
-- The charges completed before this migration, counted as modules/analytics counts a settled one.
INSERT INTO "analytics_hours" ("hour", "charges", "energy_wh", "turnover_tyiyn", "discount_tyiyn")
SELECT date_trunc('hour', "finished_at", 'UTC'), count(*), sum("consumed_wh"), sum("total_tyiyn"), sum("discount_tyiyn")
FROM "charges"
WHERE "status" IN ('finished', 'stopped') AND "result" = 'successful' AND "finished_at" IS NOT NULL
GROUP BY 1;--> statement-breakpoint
INSERT INTO "analytics_promotion_users" ("day", "driver_id", "first_at")
SELECT ("finished_at" AT TIME ZONE 'Asia/Bishkek')::date, "driver_id", min("finished_at")
FROM "charges"
WHERE "status" IN ('finished', 'stopped') AND "result" = 'successful' AND "finished_at" IS NOT NULL
  AND "promotion_id" IS NOT NULL AND "discount_tyiyn" > 0 AND "driver_id" IS NOT NULL
GROUP BY 1, 2;
