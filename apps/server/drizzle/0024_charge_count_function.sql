-- One function keeps the three counts of charges (db/schema/charges.ts: by status, 0008; by start and
-- finish day, 0009; by finish minute, 0013) in place of charges_count_statuses and charges_count_days,
-- which spelt the insert, update and delete cases out for each count. A statement's changes are its
-- rows after (+1) and before (-1), whichever it has; each count adds their sums per key in key order,
-- the tables in the order the old triggers ran (by name: days first). The changes are gathered in an
-- array, as a statement naming a transition table the trigger lacks cannot be prepared (dynamic SQL
-- would be planned on every call: about 2 ms more per charge written on PGlite, 0.6 ms on
-- PostgreSQL). Counts are unchanged: an update that changes no counted key returns at once (0014), a
-- key whose sum is 0 is not written. Writes to charges wait until the new triggers are in place.
LOCK TABLE "charges" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TYPE "charge_count_change" AS ("status" text, "started_at" timestamptz, "finished_at" timestamptz, "finished_time" time, "delta" integer);--> statement-breakpoint
CREATE FUNCTION "charges_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changes" "charge_count_change"[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    "changes" := ARRAY(SELECT ("status", "started_at", "finished_at", "finished_time", 1)::"charge_count_change" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    "changes" := ARRAY(SELECT ("status", "started_at", "finished_at", "finished_time", -1)::"charge_count_change" FROM "old_rows");
  -- finished_time follows finished_at.
  ELSIF NOT EXISTS (SELECT "status", "started_at", "finished_at" FROM "new_rows" EXCEPT ALL SELECT "status", "started_at", "finished_at" FROM "old_rows") THEN
    RETURN NULL;
  ELSE
    "changes" := ARRAY(
      SELECT ("status", "started_at", "finished_at", "finished_time", 1)::"charge_count_change" FROM "new_rows"
      UNION ALL SELECT ("status", "started_at", "finished_at", "finished_time", -1)::"charge_count_change" FROM "old_rows");
  END IF;
  INSERT INTO "charge_day_counts" AS "counts" ("started_on", "finished_on", "status", "charges")
    SELECT "bishkek_date"("started_at"), "bishkek_date"("finished_at"), "status", sum("delta") FROM unnest("changes")
    GROUP BY 1, 2, 3 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("started_on", "finished_on", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  INSERT INTO "charge_finish_minute_counts" AS "counts" ("minute", "status", "charges")
    SELECT "finish_minute"("finished_time"), "status", sum("delta") FROM unnest("changes") WHERE "finished_time" IS NOT NULL
    GROUP BY 1, 2 HAVING sum("delta") <> 0 ORDER BY 1, 2
    ON CONFLICT ("minute", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  INSERT INTO "charge_status_counts" AS "counts" ("status", "charges")
    SELECT "status", sum("delta") FROM unnest("changes") GROUP BY 1 HAVING sum("delta") <> 0 ORDER BY 1
    ON CONFLICT ("status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "charges_count_inserted" ON "charges";--> statement-breakpoint
DROP TRIGGER "charges_count_updated" ON "charges";--> statement-breakpoint
DROP TRIGGER "charges_count_deleted" ON "charges";--> statement-breakpoint
DROP TRIGGER "charges_count_days_inserted" ON "charges";--> statement-breakpoint
DROP TRIGGER "charges_count_days_updated" ON "charges";--> statement-breakpoint
DROP TRIGGER "charges_count_days_deleted" ON "charges";--> statement-breakpoint
DROP FUNCTION "charges_count_statuses"();--> statement-breakpoint
DROP FUNCTION "charges_count_days"();--> statement-breakpoint
CREATE TRIGGER "charges_count_inserted" AFTER INSERT ON "charges" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "charges_count"();--> statement-breakpoint
CREATE TRIGGER "charges_count_updated" AFTER UPDATE ON "charges" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "charges_count"();--> statement-breakpoint
CREATE TRIGGER "charges_count_deleted" AFTER DELETE ON "charges" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "charges_count"();
