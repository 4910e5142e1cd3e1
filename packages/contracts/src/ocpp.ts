import type { Lang } from './i18n.ts';
import { z } from './schema.ts';

/*
 * What the OCPP 1.6J central system learns from charge points and the API shows of it: a
 * connector's status as its StatusNotification reported it (connectorId 0 is the station itself)
 * and what the station said about itself in its BootNotification.
 */

type Names = Record<Lang, string>;

/** OCPP 1.6 ChargePointStatus, with the names the back office shows. */
export const OCPP_CONNECTOR_STATUSES = {
  Available: { ru: 'Свободен', en: 'Available', ky: 'Бош' },
  Preparing: { ru: 'Подготовка', en: 'Preparing', ky: 'Даярдоо' },
  Charging: { ru: 'Зарядка', en: 'Charging', ky: 'Кубаттоо' },
  SuspendedEVSE: { ru: 'Приостановлен станцией', en: 'Suspended by the station', ky: 'Станция токтотту' },
  SuspendedEV: { ru: 'Приостановлен автомобилем', en: 'Suspended by the vehicle', ky: 'Унаа токтотту' },
  Finishing: { ru: 'Завершение', en: 'Finishing', ky: 'Аяктоо' },
  Reserved: { ru: 'Забронирован', en: 'Reserved', ky: 'Брондолгон' },
  Unavailable: { ru: 'Недоступен', en: 'Unavailable', ky: 'Жеткиликсиз' },
  Faulted: { ru: 'Неисправность', en: 'Faulted', ky: 'Бузулган' },
} as const satisfies Record<string, Names>;
export type OcppConnectorStatus = keyof typeof OCPP_CONNECTOR_STATUSES;
export const OCPP_CONNECTOR_STATUS_KEYS = Object.keys(OCPP_CONNECTOR_STATUSES) as [OcppConnectorStatus, ...OcppConnectorStatus[]];

/** OCPP 1.6 ChargePointErrorCode. */
export const OCPP_ERROR_CODES = [
  'ConnectorLockFailure',
  'EVCommunicationError',
  'GroundFailure',
  'HighTemperature',
  'InternalError',
  'LocalListConflict',
  'NoError',
  'OtherError',
  'OverCurrentFailure',
  'PowerMeterFailure',
  'PowerSwitchFailure',
  'ReaderFailure',
  'ResetFailure',
  'UnderVoltage',
  'OverVoltage',
  'WeakSignal',
] as const;
export type OcppErrorCode = (typeof OCPP_ERROR_CODES)[number];

const text = z.nullable(z.string());

/** A connector's (or with connectorId 0 the station's) last reported status. */
export const ocppStatus = z.object({
  status: z.enum(OCPP_CONNECTOR_STATUS_KEYS),
  /** The status's name in the request's language. */
  status_name: z.string(),
  error_code: z.enum(OCPP_ERROR_CODES),
  info: text,
  vendor_id: text,
  vendor_error_code: text,
  /** The charge point's time of the status, when it sent one. */
  timestamp: text,
  received_at: z.string(),
});
export type OcppStatus = z.infer<typeof ocppStatus>;

/** What the station's last BootNotification said, and when it came. */
export const stationBoot = z.object({
  vendor: z.string(),
  model: z.string(),
  charge_point_serial_number: text,
  charge_box_serial_number: text,
  firmware_version: text,
  iccid: text,
  imsi: text,
  meter_type: text,
  meter_serial_number: text,
  booted_at: z.string(),
});
export type StationBoot = z.infer<typeof stationBoot>;

/** A station's link to the central system, as its card shows it. */
export const stationOcppFields = {
  /** Whether the charge point holds a connection now. */
  online: z.boolean(),
  /** The last sign of life over its connection (connect, message, pong); null before the first connection. */
  last_seen_at: text,
  boot: z.nullable(stationBoot),
  /** The station's own status (connectorId 0), null until reported. */
  ocpp_status: z.nullable(ocppStatus),
};
