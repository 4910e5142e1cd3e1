-- The OCPP message log's frames (a station's flush, often past the 2 kB where PostgreSQL compresses a
-- value) compressed with lz4 rather than pglz: the same size on the log's frames, a fifth of the
-- CPU of each insert (docs/decisions.md). An engine built without lz4 (PGlite) keeps pglz; the rows
-- already written keep theirs.
DO $$
BEGIN
  ALTER TABLE "ocpp_message_batches" ALTER COLUMN "frames" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
