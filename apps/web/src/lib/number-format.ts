import type { Lang } from '@evcms/contracts/i18n';

/*
 * Numbers as the operator reads them, in the interface language's format (12,5 in ru and ky,
 * 12.5 in en): power in kW (up to 3 decimals), energy in kWh (3), money in som (2 decimals), percentages.
 */

export function formatPower(kw: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(kw);
}

/** Som with exactly two decimals: a tariff per kWh, a balance, an amount. */
export function formatFee(som: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(som);
}

/** kWh with exactly three decimals, as the meters give them: a charge's consumption. */
export function formatEnergy(kwh: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(kwh);
}

/** `12.5` -> `12,5 %` (ru): the number as it was given, with up to 2 decimals. */
export function formatPercent(percent: number, lang: Lang): string {
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(percent)} %`;
}

/** The decimal separator of `lang` ('.' or ','), as `Intl` writes it. */
export function decimalSeparator(lang: Lang): string {
  return new Intl.NumberFormat(lang).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}
