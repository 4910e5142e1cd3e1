CREATE TABLE "partner_merchants" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ky" text NOT NULL,
	"legal_name" text NOT NULL,
	"contract_number" text NOT NULL,
	"contact_person" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"fee_model" text NOT NULL,
	"fee_fixed_tyiyn" bigint,
	"fee_percent_bp" integer,
	"started_on" date NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name_ru || chr(10) || name_en || chr(10) || name_ky || chr(10) || legal_name || chr(10) || contract_number || chr(10) || contact_person || chr(10) || phone || chr(10) || email)) STORED NOT NULL,
	CONSTRAINT "partners_fee_model_check" CHECK ("partners"."fee_model" in ('fixed', 'percent')),
	CONSTRAINT "partners_fee_check" CHECK (("partners"."fee_model" = 'fixed' and "partners"."fee_fixed_tyiyn" >= 0 and "partners"."fee_percent_bp" is null) or ("partners"."fee_model" = 'percent' and "partners"."fee_percent_bp" between 0 and 10000 and "partners"."fee_fixed_tyiyn" is null))
);
--> statement-breakpoint
CREATE TABLE "promo_code_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"balance_entry_id" bigint NOT NULL,
	"manager_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"bonus_tyiyn" bigint NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"total_uses" integer,
	"uses_per_driver" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"batch" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_bonus_check" CHECK ("promo_codes"."bonus_tyiyn" > 0),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."total_uses" > 0 and "promo_codes"."uses_per_driver" > 0),
	CONSTRAINT "promo_codes_used_check" CHECK ("promo_codes"."used_count" >= 0 and "promo_codes"."used_count" <= coalesce("promo_codes"."total_uses", "promo_codes"."used_count")),
	CONSTRAINT "promo_codes_period_check" CHECK ("promo_codes"."valid_to" > "promo_codes"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"inviter_bonus_tyiyn" bigint DEFAULT 0 NOT NULL,
	"invited_bonus_tyiyn" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "referral_settings_one_row_check" CHECK ("referral_settings"."id"),
	CONSTRAINT "referral_settings_bonus_check" CHECK ("referral_settings"."inviter_bonus_tyiyn" >= 0 and "referral_settings"."invited_bonus_tyiyn" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"invited_driver_id" integer PRIMARY KEY NOT NULL,
	"inviter_driver_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"linked_by" integer,
	"rewarded_at" timestamp with time zone,
	"charge_id" integer,
	"inviter_bonus_tyiyn" bigint,
	"invited_bonus_tyiyn" bigint,
	"inviter_entry_id" bigint,
	"invited_entry_id" bigint,
	CONSTRAINT "referrals_self_check" CHECK ("referrals"."inviter_driver_id" <> "referrals"."invited_driver_id"),
	CONSTRAINT "referrals_reward_check" CHECK (("referrals"."rewarded_at" is null) = ("referrals"."charge_id" is null))
);
--> statement-breakpoint
ALTER TABLE "balance_entries" DROP CONSTRAINT "balance_entries_method_check";--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "referral_code" text GENERATED ALWAYS AS (upper(lpad(to_hex((id::bigint * 2654435761) % 4294967296), 8, '0'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_merchants" ADD CONSTRAINT "partner_merchants_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_merchants" ADD CONSTRAINT "partner_merchants_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_created_by_managers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_balance_entry_id_balance_entries_id_fk" FOREIGN KEY ("balance_entry_id") REFERENCES "public"."balance_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_manager_id_managers_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_managers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD CONSTRAINT "referral_settings_updated_by_managers_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invited_driver_id_drivers_id_fk" FOREIGN KEY ("invited_driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_driver_id_drivers_id_fk" FOREIGN KEY ("inviter_driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_linked_by_managers_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_entry_id_balance_entries_id_fk" FOREIGN KEY ("inviter_entry_id") REFERENCES "public"."balance_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invited_entry_id_balance_entries_id_fk" FOREIGN KEY ("invited_entry_id") REFERENCES "public"."balance_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_merchants_partner_idx" ON "partner_merchants" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partners_created_idx" ON "partners" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "partners_search_text_trgm_idx" ON "partners" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_code_idx" ON "promo_code_redemptions" USING btree ("promo_code_id","driver_id");--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_driver_idx" ON "promo_code_redemptions" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_redemptions_entry_key" ON "promo_code_redemptions" USING btree ("balance_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "promo_codes_created_idx" ON "promo_codes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("inviter_driver_id");--> statement-breakpoint
CREATE INDEX "referrals_linked_idx" ON "referrals" USING btree ("linked_at","invited_driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_referral_code_key" ON "drivers" USING btree ("referral_code");--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_method_check" CHECK (method in ('manager_top_up', 'online_top_up', 'charge', 'refund', 'promo_code', 'referral'));--> statement-breakpoint
INSERT INTO "referral_settings" DEFAULT VALUES;
