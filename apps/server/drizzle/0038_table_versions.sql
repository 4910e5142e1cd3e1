CREATE TABLE "table_versions" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_by" "xid8"
);
--> statement-breakpoint
-- Moved once a transaction that writes stations, at its commit (a deferred constraint trigger): by then
-- the transaction holds every row lock it will take, so waiting for this row cannot close a cycle.
INSERT INTO "table_versions" ("table_name") VALUES ('stations');--> statement-breakpoint
CREATE FUNCTION "bump_table_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_versions" SET "version" = "version" + 1, "changed_by" = pg_current_xact_id()
    WHERE "table_name" = TG_TABLE_NAME AND "changed_by" IS DISTINCT FROM pg_current_xact_id();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stations_version" AFTER INSERT OR UPDATE OR DELETE ON "stations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_table_version"();--> statement-breakpoint
CREATE TRIGGER "stations_version_truncated" AFTER TRUNCATE ON "stations"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();
