CREATE TABLE "analytics_promotion_user_periods" (
	"kind" text NOT NULL,
	"start" date NOT NULL,
	"driver_id" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_promotion_user_periods_kind_start_driver_id_pk" PRIMARY KEY("kind","start","driver_id")
);
--> statement-breakpoint
DROP TABLE "analytics_promotion_users" CASCADE;--> statement-breakpoint
CREATE INDEX "analytics_promotion_user_periods_first_idx" ON "analytics_promotion_user_periods" USING btree ("kind","start","first_at");--> statement-breakpoint
-- The discounted charges completed before this migration, counted as modules/analytics counts a settled one.
INSERT INTO "analytics_promotion_user_periods" ("kind", "start", "driver_id", "first_at")
SELECT k.kind, date_trunc(k.kind, c."finished_at" AT TIME ZONE 'Asia/Bishkek')::date, c."driver_id", min(c."finished_at")
FROM "charges" c CROSS JOIN (VALUES ('day'), ('week'), ('month'), ('year')) AS k(kind)
WHERE c."status" IN ('finished', 'stopped') AND c."result" = 'successful' AND c."finished_at" IS NOT NULL
  AND c."promotion_id" IS NOT NULL AND c."discount_tyiyn" > 0 AND c."driver_id" IS NOT NULL
GROUP BY 1, 2, 3;
