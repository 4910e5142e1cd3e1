CREATE TABLE "analytics_promotion_user_days" (
	"day" date NOT NULL,
	"driver_id" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"previous" date NOT NULL,
	CONSTRAINT "analytics_promotion_user_days_day_driver_id_pk" PRIMARY KEY("day","driver_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_promotion_user_gaps" (
	"day" date NOT NULL,
	"previous" date NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "analytics_promotion_user_gaps_day_previous_pk" PRIMARY KEY("day","previous")
);
--> statement-breakpoint
-- The users' discounted days as kept so far (the day rows of analytics_promotion_user_periods, dropped by
-- 0036), each with the user's day before, and their counts by (day, previous): the rebuild's rules.
INSERT INTO "analytics_promotion_user_days" ("day", "driver_id", "first_at", "previous")
SELECT "start", "driver_id", "first_at",
  coalesce(lag("start") OVER (PARTITION BY "driver_id" ORDER BY "start"), '-infinity'::date)
FROM "analytics_promotion_user_periods" WHERE "kind" = 'day';--> statement-breakpoint
INSERT INTO "analytics_promotion_user_gaps" ("day", "previous", "users")
SELECT "day", "previous", count(*) FROM "analytics_promotion_user_days" GROUP BY 1, 2;--> statement-breakpoint
CREATE INDEX "analytics_promotion_user_days_driver_idx" ON "analytics_promotion_user_days" USING btree ("driver_id","day");--> statement-breakpoint
CREATE INDEX "analytics_promotion_user_days_first_idx" ON "analytics_promotion_user_days" USING btree ("day","first_at");