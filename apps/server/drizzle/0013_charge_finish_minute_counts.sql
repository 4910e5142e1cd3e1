CREATE TABLE "charge_finish_minute_counts" (
	"minute" smallint NOT NULL,
	"status" text NOT NULL,
	"charges" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "charge_finish_minute_counts_pkey" PRIMARY KEY("minute","status"),
	CONSTRAINT "charge_finish_minute_counts_minute_check" CHECK ("charge_finish_minute_counts"."minute" between 0 and 1439),
	CONSTRAINT "charge_finish_minute_counts_status_check" CHECK (status in ('initiated', 'in_progress', 'pause', 'canceled', 'not_completed', 'finished', 'stopped', 'unauthorized'))
);
--> statement-breakpoint
-- charge_finish_minute_counts follows charges in the same statement trigger as charge_day_counts
-- (0009), so a charge's update still fires one counting trigger. The charges already there are
-- counted first, with writes to them held off until the trigger counts them.
LOCK TABLE "charges" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "finish_minute"("at" time) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (extract(hour from "at") * 60 + extract(minute from "at"))::smallint;--> statement-breakpoint
INSERT INTO "charge_finish_minute_counts" ("minute", "status", "charges")
  SELECT "finish_minute"("finished_time"), "status", count(*) FROM "charges" WHERE "finished_time" IS NOT NULL GROUP BY 1, 2;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "charges_count_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "charge_day_counts" AS "counts" ("started_on", "finished_on", "status", "charges")
      SELECT "bishkek_date"("started_at"), "bishkek_date"("finished_at"), "status", count(*) FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("started_on", "finished_on", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
    INSERT INTO "charge_finish_minute_counts" AS "counts" ("minute", "status", "charges")
      SELECT "finish_minute"("finished_time"), "status", count(*) FROM "new_rows" WHERE "finished_time" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("minute", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "charge_day_counts" AS "counts" ("started_on", "finished_on", "status", "charges")
      SELECT "bishkek_date"("started_at"), "bishkek_date"("finished_at"), "status", sum("delta") FROM (
        SELECT "started_at", "finished_at", "status", 1 AS "delta" FROM "new_rows"
        UNION ALL SELECT "started_at", "finished_at", "status", -1 FROM "old_rows"
      ) AS "changes" GROUP BY 1, 2, 3 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("started_on", "finished_on", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
    INSERT INTO "charge_finish_minute_counts" AS "counts" ("minute", "status", "charges")
      SELECT "finish_minute"("finished_time"), "status", sum("delta") FROM (
        SELECT "finished_time", "status", 1 AS "delta" FROM "new_rows" WHERE "finished_time" IS NOT NULL
        UNION ALL SELECT "finished_time", "status", -1 FROM "old_rows" WHERE "finished_time" IS NOT NULL
      ) AS "changes" GROUP BY 1, 2 HAVING sum("delta") <> 0 ORDER BY 1, 2
      ON CONFLICT ("minute", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  ELSE
    INSERT INTO "charge_day_counts" AS "counts" ("started_on", "finished_on", "status", "charges")
      SELECT "bishkek_date"("started_at"), "bishkek_date"("finished_at"), "status", -count(*) FROM "old_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("started_on", "finished_on", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
    INSERT INTO "charge_finish_minute_counts" AS "counts" ("minute", "status", "charges")
      SELECT "finish_minute"("finished_time"), "status", -count(*) FROM "old_rows" WHERE "finished_time" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("minute", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  END IF;
  RETURN NULL;
END
$$;
