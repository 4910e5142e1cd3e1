import { DECIMALS } from '@evcms/contracts/decimal';
import { BALANCE_EXPORT_LABELS, BALANCE_METHODS } from '@evcms/contracts/driver-balance';
import type { Lang } from '@evcms/contracts/i18n';
import type { ExportColumn } from '../../lib/exports/columns.ts';
import { fullName } from './drivers.rules.ts';
import type { BalanceEntryRecord } from './ledger.service.ts';

/* The columns of the ledger's export (GET /users/payments/export/), headed in the request's language. */

export function balanceEntryExportColumns(lang: Lang): ExportColumn<BalanceEntryRecord>[] {
  const label = (key: keyof typeof BALANCE_EXPORT_LABELS) => BALANCE_EXPORT_LABELS[key][lang];
  const money = DECIMALS.money;
  return [
    { kind: 'datetime', header: label('date'), value: (entry) => entry.createdAt },
    { kind: 'text', header: label('account'), value: (entry) => entry.driver.account },
    { kind: 'text', header: label('driver'), value: (entry) => fullName(entry.driver) },
    { kind: 'text', header: label('phone'), value: (entry) => `+${entry.driver.phone}` },
    { kind: 'text', header: label('reason'), value: (entry) => entry.reason },
    { kind: 'text', header: label('method'), value: (entry) => BALANCE_METHODS[entry.method][lang] },
    { kind: 'decimal', scale: money, header: label('debit'), value: (entry) => entry.debitTyiyn },
    { kind: 'decimal', scale: money, header: label('credit'), value: (entry) => entry.creditTyiyn },
    { kind: 'decimal', scale: money, header: label('deposit'), value: (entry) => entry.balanceAfterTyiyn },
  ];
}
