-- The charge a command is about (RemoteStopTransaction's), so a charge's stop finds its last one by
-- an index: one stop request at a time goes to the station (docs/decisions.md). The stops already
-- recorded name their charge in params.transactionId.
ALTER TABLE "ocpp_commands" ADD COLUMN "charge_id" integer;--> statement-breakpoint
ALTER TABLE "ocpp_commands" ADD CONSTRAINT "ocpp_commands_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocpp_commands_charge_idx" ON "ocpp_commands" USING btree ("charge_id","id") WHERE "ocpp_commands"."charge_id" is not null;--> statement-breakpoint
UPDATE "ocpp_commands" SET "charge_id" = "charges"."id" FROM "charges"
WHERE "ocpp_commands"."action" = 'RemoteStopTransaction' AND "ocpp_commands"."params"->'transactionId' = to_jsonb("charges"."id");
