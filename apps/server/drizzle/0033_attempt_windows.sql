CREATE TABLE "attempt_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_windows_ends_at_idx" ON "attempt_windows" USING btree ("ends_at");