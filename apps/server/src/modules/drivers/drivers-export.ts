import { DECIMALS } from '@evcms/contracts/decimal';
import { DRIVER_EXPORT_LABELS, PLATFORMS } from '@evcms/contracts/drivers';
import type { Lang } from '@evcms/contracts/i18n';
import type { ExportColumn } from '../../lib/exports/columns.ts';
import type { DriverRecord } from './drivers.repository.ts';

/* The columns of the driver list's export (GET /users/export/), headed in the request's language. */

const PLATFORM_NAMES: Record<number, string> = { [PLATFORMS.ios]: 'iOS', [PLATFORMS.android]: 'Android' };

export function driverExportColumns(lang: Lang): ExportColumn<DriverRecord>[] {
  const label = (key: keyof typeof DRIVER_EXPORT_LABELS) => DRIVER_EXPORT_LABELS[key][lang];
  return [
    { kind: 'integer', header: label('id'), value: (driver) => driver.id },
    { kind: 'text', header: label('account'), value: (driver) => driver.account },
    { kind: 'text', header: label('surname'), value: (driver) => driver.surname },
    { kind: 'text', header: label('first_name'), value: (driver) => driver.firstName },
    { kind: 'text', header: label('phone'), value: (driver) => `+${driver.phone}` },
    { kind: 'text', header: label('email'), value: (driver) => driver.email },
    { kind: 'datetime', header: label('registered_at'), value: (driver) => driver.registeredAt },
    { kind: 'decimal', scale: DECIMALS.money, header: label('balance'), value: (driver) => driver.balanceTyiyn },
    {
      kind: 'text',
      header: label('platform'),
      value: (driver) => (driver.platform === null ? null : PLATFORM_NAMES[driver.platform]),
    },
    { kind: 'text', header: label('app_version'), value: (driver) => driver.appVersion },
    { kind: 'text', header: label('blocked'), value: (driver) => label(driver.blocked ? 'yes' : 'no') },
  ];
}
