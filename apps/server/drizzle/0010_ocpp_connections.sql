CREATE TABLE "connector_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"status" text NOT NULL,
	"error_code" text NOT NULL,
	"info" text,
	"vendor_id" text,
	"vendor_error_code" text,
	"status_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connector_statuses" (
	"station_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"status" text NOT NULL,
	"error_code" text NOT NULL,
	"info" text,
	"vendor_id" text,
	"vendor_error_code" text,
	"status_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connector_statuses_station_id_connector_id_pk" PRIMARY KEY("station_id","connector_id")
);
--> statement-breakpoint
CREATE TABLE "station_ocpp_state" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"connection_id" text,
	"connected_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"booted_at" timestamp with time zone,
	"vendor" text,
	"model" text,
	"charge_point_serial_number" text,
	"charge_box_serial_number" text,
	"firmware_version" text,
	"iccid" text,
	"imsi" text,
	"meter_type" text,
	"meter_serial_number" text
);
--> statement-breakpoint
ALTER TABLE "connector_status_history" ADD CONSTRAINT "connector_status_history_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_statuses" ADD CONSTRAINT "connector_statuses_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_ocpp_state" ADD CONSTRAINT "station_ocpp_state_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connector_status_history_station_idx" ON "connector_status_history" USING btree ("station_id","connector_id","id");