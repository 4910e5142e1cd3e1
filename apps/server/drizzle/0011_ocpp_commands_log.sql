CREATE TABLE "ocpp_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"station_id" integer,
	"identity" text NOT NULL,
	"manager_id" integer,
	"action" text NOT NULL,
	"params" jsonb NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"response" jsonb
);
--> statement-breakpoint
CREATE TABLE "ocpp_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"message_id" text NOT NULL,
	"action" text,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "station_ocpp_state" ADD COLUMN "diagnostics_status" text;--> statement-breakpoint
ALTER TABLE "station_ocpp_state" ADD COLUMN "diagnostics_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "station_ocpp_state" ADD COLUMN "firmware_status" text;--> statement-breakpoint
ALTER TABLE "station_ocpp_state" ADD COLUMN "firmware_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ocpp_commands" ADD CONSTRAINT "ocpp_commands_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpp_commands" ADD CONSTRAINT "ocpp_commands_manager_id_managers_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpp_messages" ADD CONSTRAINT "ocpp_messages_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocpp_commands_station_idx" ON "ocpp_commands" USING btree ("station_id","id");--> statement-breakpoint
CREATE INDEX "ocpp_messages_station_idx" ON "ocpp_messages" USING btree ("station_id","id");--> statement-breakpoint
CREATE INDEX "ocpp_messages_at_idx" ON "ocpp_messages" USING btree ("at");