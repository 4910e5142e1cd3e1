CREATE TABLE "rate_merchants" (
	"rate_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"typo" text NOT NULL,
	"active" boolean NOT NULL,
	CONSTRAINT "rate_merchants_rate_id_merchant_id_pk" PRIMARY KEY("rate_id","merchant_id")
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"typo" text NOT NULL,
	"price_tyiyn" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rates_type_check" CHECK ("rates"."type" in ('default', 'personal')),
	CONSTRAINT "rates_price_check" CHECK ("rates"."price_tyiyn" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rate_merchants" ADD CONSTRAINT "rate_merchants_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_merchants" ADD CONSTRAINT "rate_merchants_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_merchants_merchant_idx" ON "rate_merchants" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_merchants_active_typo_key" ON "rate_merchants" USING btree ("merchant_id","typo") WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "rates_active_default_typo_key" ON "rates" USING btree ("typo") WHERE type = 'default' and status = 0;