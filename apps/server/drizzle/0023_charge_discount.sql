-- The promotion that gave a charge its discount (modules/charges/charge-discounts.service.ts), null
-- when none did; discount_tyiyn (0008) stays the discount, 0 without one. No foreign key yet: the
-- promotions have no table; their migration adds the reference. Adding the column rewrites nothing.
ALTER TABLE "charges" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_discount_promotion_check" CHECK ("charges"."discount_tyiyn" = 0 or "charges"."promotion_id" is not null);
