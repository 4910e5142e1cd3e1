import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { PromoCode, PromoCodeRedemption } from '@evcms/contracts/promo-codes';
import { isActive } from '@evcms/contracts/status';
import type { RedemptionRecord } from './promo-code-redemptions.service.ts';
import { remainingUses } from './promo-codes.rules.ts';
import type { PromoCodeListRecord } from './promo-codes.service.ts';

/** Promo codes and their redemptions as the API answers them: money in som, instants in ISO (UTC). */

const som = (tyiyn: number) => fromMinorUnits(tyiyn, DECIMALS.money);

export function presentPromoCode(code: PromoCodeListRecord): PromoCode {
  return {
    id: code.id,
    code: code.code,
    bonus: som(code.bonusTyiyn),
    valid_from: code.validFrom?.toISOString() ?? null,
    valid_to: code.validTo?.toISOString() ?? null,
    total_uses: code.totalUses,
    uses_per_driver: code.usesPerDriver,
    used_count: code.usedCount,
    remaining: remainingUses(code),
    batch: code.batch,
    status: code.status,
    active: isActive(code.status),
    expired: code.expired,
    created_at: code.createdAt.toISOString(),
  };
}

export function presentRedemption(redemption: RedemptionRecord): PromoCodeRedemption {
  const { driver } = redemption;
  return {
    id: redemption.id,
    date: redemption.createdAt.toISOString(),
    driver: {
      id: driver.id,
      name: `${driver.surname} ${driver.firstName}`,
      phone: driver.phone,
      account: driver.account,
    },
    manager: redemption.managerName,
    amount: som(redemption.amountTyiyn),
  };
}
