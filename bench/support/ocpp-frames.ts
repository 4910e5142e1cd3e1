/**
 * What the OCPP bench's simulated charge points are and say: their identities, password and
 * drivers' id tags (seeded by ocpp-data.ts), and the OCPP 1.6J calls they send, each valid for
 * the official schemas. A charge point sends one call at a time, as OCPP-J asks.
 */

export const STATION_PASSWORD = 'BenchChargePoint2025';
/** The connector each load station charges on; connector 2 stays idle. */
export const CHARGING_CONNECTOR = 1;

export function benchIdentity(index: number): string {
  return `BENCH-${String(index + 1).padStart(5, '0')}`;
}

/** The id tag of the driver charging at load station `index` (CiString20). */
export function benchIdTag(index: number): string {
  return `BENCHTAG${String(index + 1).padStart(6, '0')}`;
}

/**
 * The power the charge points draw: under their connectors' 22 kW (ocpp-data.ts), so the server
 * believes every reading (charge-plausibility.rules.ts) and the bench measures readings applied.
 */
const CHARGING_W = 21_000;

/** What a charge point keeps to send plausible calls: its charge, its meter, its clock. */
export interface StationState {
  index: number;
  transactionId?: number;
  /** The register, Wh (sent whole): it grows at CHARGING_W from the start's time. */
  meterWh: number;
  /** When the register was last read (the start, or the last MeterValues), ms. */
  meterAt?: number;
  /** The last timestamp sent, ms: each one is later, so the server applies every reading. */
  lastAt: number;
  calls: number;
}

function nextTimestamp(station: StationState): string {
  station.lastAt = Math.max(Date.now(), station.lastAt + 1);
  return new Date(station.lastAt).toISOString();
}

export function bootNotification(station: StationState) {
  return {
    chargePointVendor: 'Bench',
    chargePointModel: 'LoadGen 22',
    chargePointSerialNumber: benchIdentity(station.index),
    firmwareVersion: '1.6.0-bench',
  };
}

export function statusNotification(station: StationState, connectorId: number, status: string) {
  return { connectorId, errorCode: 'NoError', status, timestamp: nextTimestamp(station) };
}

export function startTransaction(station: StationState) {
  const timestamp = nextTimestamp(station);
  station.meterAt = station.lastAt;
  return {
    connectorId: CHARGING_CONNECTOR,
    idTag: benchIdTag(station.index),
    meterStart: Math.floor(station.meterWh),
    timestamp,
  };
}

/** A periodic sample as 22 kW AC stations send it: the register, the power and the car's state of charge. */
export function meterValues(station: StationState) {
  const timestamp = nextTimestamp(station);
  station.meterWh += ((station.lastAt - (station.meterAt ?? station.lastAt)) * CHARGING_W) / 3_600_000;
  station.meterAt = station.lastAt;
  const context = 'Sample.Periodic';
  return {
    connectorId: CHARGING_CONNECTOR,
    transactionId: station.transactionId,
    meterValue: [
      {
        timestamp,
        sampledValue: [
          {
            value: String(Math.floor(station.meterWh)),
            context,
            measurand: 'Energy.Active.Import.Register',
            location: 'Outlet',
            unit: 'Wh',
          },
          {
            value: String(21_000 + (station.calls % 1_000)),
            context,
            measurand: 'Power.Active.Import',
            location: 'Outlet',
            unit: 'W',
          },
          { value: String(20 + (station.calls % 70)), context, measurand: 'SoC', location: 'EV', unit: 'Percent' },
        ],
      },
    ],
  };
}

export type LoadAction = 'MeterValues' | 'StatusNotification' | 'Heartbeat';
export const LOAD_ACTIONS: readonly LoadAction[] = ['MeterValues', 'StatusNotification', 'Heartbeat'];
/** The mix, out of 20 calls: 14 MeterValues, 3 StatusNotification, 3 Heartbeat. */
const MIX: readonly LoadAction[] = [
  ...Array<LoadAction>(14).fill('MeterValues'),
  ...Array<LoadAction>(3).fill('StatusNotification'),
  ...Array<LoadAction>(3).fill('Heartbeat'),
];
export const MIX_TEXT =
  '70% MeterValues (energy, power, SoC of the running charge), 15% StatusNotification, 15% Heartbeat';

/**
 * The station's next call of the load: its action and payload, each station going round the mix
 * from its own place in it. (Taken from the load's overall count, a ring of 500 stations, a multiple
 * of the mix's 20, gave each idle station the same action every time: 30% never sent a MeterValues.)
 * StatusNotifications alternate between the charging connector and the idle one.
 */
export function loadCall(station: StationState): [LoadAction, object] {
  const action = MIX[(station.index + station.calls) % MIX.length]!;
  station.calls += 1;
  if (action === 'MeterValues') return [action, meterValues(station)];
  if (action === 'Heartbeat') return [action, {}];
  return station.calls % 2
    ? [action, statusNotification(station, CHARGING_CONNECTOR, 'Charging')]
    : [action, statusNotification(station, 2, 'Available')];
}
