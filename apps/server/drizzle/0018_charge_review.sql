ALTER TABLE "charges" ADD COLUMN "max_power_w" integer;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "review_reason" text;--> statement-breakpoint
CREATE INDEX "charges_review_idx" ON "charges" USING btree ("started_at","id") WHERE review_reason is not null;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_review_reason_check" CHECK (review_reason in ('clock_future', 'clock_before_start', 'meter_jump', 'stop_implausible'));--> statement-breakpoint
-- Charges that may still take a reading or a stop are judged by their connector's power from now on
-- (the ceiling's default, 350 kW, where the connector has none or is gone); ended ones keep null.
UPDATE "charges" SET "max_power_w" = coalesce((SELECT nullif(sc."power_w", 0) FROM "station_connectors" sc WHERE sc."id" = "charges"."station_connector_id"), 350000)
WHERE "finished_at" IS NULL AND "status" IN ('initiated', 'in_progress', 'pause', 'not_completed', 'unauthorized');
