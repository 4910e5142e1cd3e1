import type { Lang } from '@evcms/contracts/i18n';
import { OCPP_CONNECTOR_STATUSES, type OcppStatus, type StationBoot } from '@evcms/contracts/ocpp';
import type { ConnectorStatusRow, StationOcppRecord } from './station-ocpp.service.ts';

/** A station's OCPP link and reported statuses as its card shows them. */

export function presentOcppStatus(row: ConnectorStatusRow | undefined, lang: Lang): OcppStatus | null {
  if (!row) return null;
  return {
    status: row.status,
    status_name: OCPP_CONNECTOR_STATUSES[row.status][lang],
    error_code: row.errorCode,
    info: row.info,
    vendor_id: row.vendorId,
    vendor_error_code: row.vendorErrorCode,
    timestamp: row.statusAt?.toISOString() ?? null,
    received_at: row.receivedAt.toISOString(),
  };
}

function presentBoot(boot: StationOcppRecord['boot']): StationBoot | null {
  if (!boot) return null;
  return {
    vendor: boot.vendor ?? '',
    model: boot.model ?? '',
    charge_point_serial_number: boot.chargePointSerialNumber,
    charge_box_serial_number: boot.chargeBoxSerialNumber,
    firmware_version: boot.firmwareVersion,
    iccid: boot.iccid,
    imsi: boot.imsi,
    meter_type: boot.meterType,
    meter_serial_number: boot.meterSerialNumber,
    booted_at: boot.bootedAt.toISOString(),
  };
}

/** The card's OCPP fields; connectorId 0's status is the station's own. */
export function presentStationOcpp(ocpp: StationOcppRecord, lang: Lang) {
  return {
    online: ocpp.online,
    last_seen_at: ocpp.lastSeenAt?.toISOString() ?? null,
    boot: presentBoot(ocpp.boot),
    ocpp_status: presentOcppStatus(ocpp.statuses.get(0), lang),
    diagnostics_status: ocpp.diagnostics?.status ?? null,
    diagnostics_status_at: ocpp.diagnostics?.at.toISOString() ?? null,
    firmware_status: ocpp.firmware?.status ?? null,
    firmware_status_at: ocpp.firmware?.at.toISOString() ?? null,
  };
}
