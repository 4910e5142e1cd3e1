import { CHARGE_STATUS_KEYS } from './charges.ts';
import { namesKeys, type Names } from './names.ts';
import { z } from './schema.ts';

/*
 * What the OCPP 1.6J central system learns from charge points and the API shows of it: a
 * connector's status as its StatusNotification reported it (connectorId 0 is the station itself)
 * and what the station said about itself in its BootNotification.
 */

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
export const OCPP_CONNECTOR_STATUS_KEYS = namesKeys(OCPP_CONNECTOR_STATUSES);

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

/** OCPP 1.6 DiagnosticsStatus and FirmwareStatus: what a station's last notification of each reported. */
export const OCPP_DIAGNOSTICS_STATUSES = ['Idle', 'Uploaded', 'UploadFailed', 'Uploading'] as const;
export type OcppDiagnosticsStatus = (typeof OCPP_DIAGNOSTICS_STATUSES)[number];
export const OCPP_FIRMWARE_STATUSES = [
  'Downloaded',
  'DownloadFailed',
  'Downloading',
  'Idle',
  'InstallationFailed',
  'Installing',
  'Installed',
] as const;
export type OcppFirmwareStatus = (typeof OCPP_FIRMWARE_STATUSES)[number];

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
  /** The last DiagnosticsStatusNotification's status and when it came; null until one. */
  diagnostics_status: z.nullable(z.enum(OCPP_DIAGNOSTICS_STATUSES)),
  diagnostics_status_at: text,
  /** The last FirmwareStatusNotification's status and when it came; null until one. */
  firmware_status: z.nullable(z.enum(OCPP_FIRMWARE_STATUSES)),
  firmware_status_at: text,
};

/** The charge in progress on a connector (initiated, charging or paused), as the station card and list show it. */
export const connectorCharge = z.object({
  /** The charge number (OCPP transactionId). */
  id: z.number(),
  status: z.enum(CHARGE_STATUS_KEYS),
  status_name: z.string(),
  /** Null until a tag is presented, or for a tag nobody holds. */
  driver: z.nullable(z.object({ id: z.number(), name: z.string() })),
  started_at: z.string(),
  /** kWh so far. */
  consumed: z.number(),
  /** Som so far, at the price fixed at the start. */
  amount: z.number(),
  /** The last reported power, kW. */
  power_kw: z.nullable(z.number()),
  /** The vehicle's last reported state of charge, %. */
  soc: z.nullable(z.number()),
});
export type ConnectorCharge = z.infer<typeof connectorCharge>;
