-- The OCPP message log (db/schema/ocpp.ts) is written thousands of rows a second: its payload becomes
-- json (checked text, as the frame came) instead of jsonb, whose binary form cost more than the rest of
-- the insert, and the station is no longer a foreign key, whose check locked the station's row for each
-- frame. Deleting a station deletes its frames itself (stations.repository.ts).
ALTER TABLE "ocpp_messages" DROP CONSTRAINT "ocpp_messages_station_id_stations_id_fk";
--> statement-breakpoint
ALTER TABLE "ocpp_messages" ALTER COLUMN "payload" SET DATA TYPE json;
