-- The charges' counting triggers (0008 status counts; 0009 and 0013 day and finish-minute counts)
-- return at once from an UPDATE that changes no counted key: the rows' keys after it are those
-- before it, as a multiset. Most updates are a running charge's meter progress (OCPP MeterValues,
-- the central system's most frequent call), whose counting otherwise ran several aggregating
-- upserts that changed nothing. A statement trigger cannot have a WHEN, nor a column list with
-- transition tables, so the check is the functions' first step (nested: the INSERT and DELETE
-- triggers have only one of the two tables).
CREATE OR REPLACE FUNCTION "charges_count_statuses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT "status" FROM "new_rows" EXCEPT ALL SELECT "status" FROM "old_rows") THEN
      RETURN NULL;
    END IF;
  END IF;
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
CREATE OR REPLACE FUNCTION "charges_count_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A meter reading changes none of the counted keys (finished_time follows finished_at).
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT "status", "started_at", "finished_at" FROM "new_rows" EXCEPT ALL SELECT "status", "started_at", "finished_at" FROM "old_rows") THEN
      RETURN NULL;
    END IF;
  END IF;
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
