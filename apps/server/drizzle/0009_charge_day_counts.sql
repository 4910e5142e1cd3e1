CREATE TABLE "charge_day_counts" (
	"started_on" date NOT NULL,
	"finished_on" date,
	"status" text NOT NULL,
	"charges" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "charge_day_counts_key" UNIQUE NULLS NOT DISTINCT("started_on","finished_on","status"),
	CONSTRAINT "charge_day_counts_status_check" CHECK (status in ('initiated', 'in_progress', 'pause', 'canceled', 'not_completed', 'finished', 'stopped', 'unauthorized'))
);
--> statement-breakpoint
CREATE INDEX "charge_day_counts_finished_on_idx" ON "charge_day_counts" USING btree ("finished_on","started_on");--> statement-breakpoint
-- charge_day_counts follows charges (db/schema/charges.ts) as charge_status_counts does: statement
-- triggers with transition tables, rows changed in key order. The charges already there are counted
-- first, with writes to them held off until the triggers are in place.
LOCK TABLE "charges" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "bishkek_date"("at" timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ("at" AT TIME ZONE 'Asia/Bishkek')::date;--> statement-breakpoint
INSERT INTO "charge_day_counts" ("started_on", "finished_on", "status", "charges")
  SELECT "bishkek_date"("started_at"), "bishkek_date"("finished_at"), "status", count(*) FROM "charges" GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION "charges_count_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "charge_day_counts" AS "counts" ("started_on", "finished_on", "status", "charges")
      SELECT "bishkek_date"("started_at"), "bishkek_date"("finished_at"), "status", count(*) FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("started_on", "finished_on", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "charge_day_counts" AS "counts" ("started_on", "finished_on", "status", "charges")
      SELECT "bishkek_date"("started_at"), "bishkek_date"("finished_at"), "status", sum("delta") FROM (
        SELECT "started_at", "finished_at", "status", 1 AS "delta" FROM "new_rows"
        UNION ALL SELECT "started_at", "finished_at", "status", -1 FROM "old_rows"
      ) AS "changes" GROUP BY 1, 2, 3 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("started_on", "finished_on", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  ELSE
    INSERT INTO "charge_day_counts" AS "counts" ("started_on", "finished_on", "status", "charges")
      SELECT "bishkek_date"("started_at"), "bishkek_date"("finished_at"), "status", -count(*) FROM "old_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("started_on", "finished_on", "status") DO UPDATE SET "charges" = "counts"."charges" + excluded."charges";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "charges_count_days_inserted" AFTER INSERT ON "charges" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "charges_count_days"();--> statement-breakpoint
CREATE TRIGGER "charges_count_days_updated" AFTER UPDATE ON "charges" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "charges_count_days"();--> statement-breakpoint
CREATE TRIGGER "charges_count_days_deleted" AFTER DELETE ON "charges" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "charges_count_days"();
