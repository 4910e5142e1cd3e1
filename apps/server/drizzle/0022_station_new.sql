-- A station is "New" until its first accepted BootNotification (docs/decisions.md): those that
-- have booted already stop being new; from now on the boot itself clears the flag.
UPDATE "stations" SET "is_new" = false
WHERE "is_new" AND "id" IN (SELECT "station_id" FROM "station_ocpp_state" WHERE "booted_at" IS NOT NULL);
