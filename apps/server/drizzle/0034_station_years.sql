CREATE TABLE "analytics_station_years" (
	"year" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"energy_wh" bigint DEFAULT 0 NOT NULL,
	"turnover_tyiyn" bigint DEFAULT 0 NOT NULL,
	"hour_charges" integer[] DEFAULT array_fill(0, array[24]) NOT NULL,
	"hour_turnover_tyiyn" bigint[] DEFAULT array_fill(0, array[24]) NOT NULL,
	CONSTRAINT "analytics_station_years_year_merchant_id_station_id_pk" PRIMARY KEY("year","merchant_id","station_id")
);--> statement-breakpoint
-- The stations' years, added up from their months (migration 0031 counted those from the charges).
INSERT INTO "analytics_station_years" ("year", "merchant_id", "station_id", "charges", "energy_wh", "turnover_tyiyn", "hour_charges", "hour_turnover_tyiyn")
SELECT date_trunc('year', "month")::date, "merchant_id", "station_id", sum("charges"), sum("energy_wh"), sum("turnover_tyiyn"),
  ARRAY[sum("hour_charges"[1]), sum("hour_charges"[2]), sum("hour_charges"[3]), sum("hour_charges"[4]), sum("hour_charges"[5]), sum("hour_charges"[6]), sum("hour_charges"[7]), sum("hour_charges"[8]), sum("hour_charges"[9]), sum("hour_charges"[10]), sum("hour_charges"[11]), sum("hour_charges"[12]), sum("hour_charges"[13]), sum("hour_charges"[14]), sum("hour_charges"[15]), sum("hour_charges"[16]), sum("hour_charges"[17]), sum("hour_charges"[18]), sum("hour_charges"[19]), sum("hour_charges"[20]), sum("hour_charges"[21]), sum("hour_charges"[22]), sum("hour_charges"[23]), sum("hour_charges"[24])]::integer[],
  ARRAY[sum("hour_turnover_tyiyn"[1]), sum("hour_turnover_tyiyn"[2]), sum("hour_turnover_tyiyn"[3]), sum("hour_turnover_tyiyn"[4]), sum("hour_turnover_tyiyn"[5]), sum("hour_turnover_tyiyn"[6]), sum("hour_turnover_tyiyn"[7]), sum("hour_turnover_tyiyn"[8]), sum("hour_turnover_tyiyn"[9]), sum("hour_turnover_tyiyn"[10]), sum("hour_turnover_tyiyn"[11]), sum("hour_turnover_tyiyn"[12]), sum("hour_turnover_tyiyn"[13]), sum("hour_turnover_tyiyn"[14]), sum("hour_turnover_tyiyn"[15]), sum("hour_turnover_tyiyn"[16]), sum("hour_turnover_tyiyn"[17]), sum("hour_turnover_tyiyn"[18]), sum("hour_turnover_tyiyn"[19]), sum("hour_turnover_tyiyn"[20]), sum("hour_turnover_tyiyn"[21]), sum("hour_turnover_tyiyn"[22]), sum("hour_turnover_tyiyn"[23]), sum("hour_turnover_tyiyn"[24])]::bigint[]
FROM "analytics_station_months"
GROUP BY 1, 2, 3;
