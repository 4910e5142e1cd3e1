ALTER TABLE "refresh_tokens" ADD COLUMN "session_id" bigint;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refresh_tokens_manager_idx" ON "refresh_tokens" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");