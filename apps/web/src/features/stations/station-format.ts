import type { Lang } from '@evcms/contracts/i18n';

/*
 * Numbers of a connector as the operator reads them, in the interface language's digits:
 * power in kW (up to 3 decimals), a tariff in som per kWh (2 decimals).
 */

export function formatPower(kw: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(kw);
}

export function formatFee(som: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(som);
}
