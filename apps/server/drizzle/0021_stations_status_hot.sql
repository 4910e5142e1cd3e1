-- A station's status change writes no index entry (a HOT update): no index holds `status`, and a
-- fifth of each page stays free for the new row versions (pages filled before keep their rows
-- until each is next written). drizzle does not model the fillfactor (db/schema/stations.ts).
DROP INDEX "stations_merchant_status_idx";--> statement-breakpoint
ALTER TABLE "stations" SET (fillfactor = 80);
