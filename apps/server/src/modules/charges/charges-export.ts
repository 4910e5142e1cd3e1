import { CONNECTOR_TYPES } from '@evcms/contracts/catalog';
import { CHARGE_EXPORT_LABELS, CHARGE_RESULT_NAMES, CHARGE_STATUSES, PAYMENT_METHODS } from '@evcms/contracts/charges';
import type { Lang } from '@evcms/contracts/i18n';
import { OCPP_STOP_REASONS, ocppName } from '@evcms/contracts/ocpp-names';
import type { ExportColumn } from '../../lib/exports/columns.ts';
import { chargeDuration } from './charges.presenter.ts';
import { CHARGE_EXPORT_AMOUNTS, PROMOTION_AFTER_AMOUNT } from './charges-export-amounts.ts';
import type { ChargeExportRow } from './charges-export.repository.ts';

/*
 * The columns of the charge list's export (GET /users/transactions/export/), headed in the
 * request's language. On PostgreSQL the csv of these columns is written by charges-export-csv.ts
 * instead, for speed; charges-export-csv.test.ts fails when the two files differ. The energy and
 * money cells of both are charges-export-amounts.ts's, with the promotion's name beside its discount.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** 'H:MM:SS', hours past 24 as they are (a charge left plugged in over a weekend). */
export function durationText(seconds: number): string {
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** An open charge's duration counts to `now`, the moment of the export, as the list's does to the moment of the request. */
export function chargeExportColumns(lang: Lang, now: Date = new Date()): ExportColumn<ChargeExportRow>[] {
  const label = (key: keyof typeof CHARGE_EXPORT_LABELS) => CHARGE_EXPORT_LABELS[key][lang];
  const promotion: ExportColumn<ChargeExportRow> = {
    kind: 'text',
    header: label('promotion'),
    value: (charge) => charge.promotionName,
  };
  return [
    { kind: 'integer', header: label('number'), value: (charge) => charge.id },
    {
      kind: 'text',
      header: label('driver'),
      value: (charge) => charge.driver && `${charge.driver.surname} ${charge.driver.firstName}`,
    },
    { kind: 'text', header: label('phone'), value: (charge) => charge.driver && `+${charge.driver.phone}` },
    { kind: 'text', header: label('id_tag'), value: (charge) => charge.idTag },
    { kind: 'text', header: label('station'), value: (charge) => charge.stationName },
    { kind: 'integer', header: label('connector'), value: (charge) => charge.ocppConnectorId },
    {
      kind: 'text',
      header: label('connector_type'),
      value: (charge) => charge.connectorTypo && CONNECTOR_TYPES[charge.connectorTypo][lang],
    },
    { kind: 'datetime', header: label('started_at'), value: (charge) => charge.startedAt },
    { kind: 'datetime', header: label('finished_at'), value: (charge) => charge.finishedAt },
    {
      kind: 'text',
      header: label('duration'),
      value: (charge) => {
        const seconds = chargeDuration(charge, now);
        return seconds === null ? null : durationText(seconds);
      },
    },
    ...CHARGE_EXPORT_AMOUNTS.flatMap(({ label: key, field, scale }, index) => {
      const amount: ExportColumn<ChargeExportRow> = {
        kind: 'decimal',
        scale,
        header: label(key),
        value: (charge) => charge[field],
      };
      return index === PROMOTION_AFTER_AMOUNT ? [amount, promotion] : [amount];
    }),
    {
      kind: 'text',
      header: label('payment_method'),
      value: (charge) => charge.paymentMethod && PAYMENT_METHODS[charge.paymentMethod][lang],
    },
    { kind: 'text', header: label('status'), value: (charge) => CHARGE_STATUSES[charge.status][lang] },
    {
      kind: 'text',
      header: label('result'),
      value: (charge) => charge.result && CHARGE_RESULT_NAMES[charge.result][lang],
    },
    {
      kind: 'text',
      header: label('stop_reason'),
      value: (charge) => charge.stopReason && ocppName(OCPP_STOP_REASONS, charge.stopReason, lang),
    },
  ];
}
