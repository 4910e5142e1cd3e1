import { chui1Address, neverConnected } from '@evcms/contracts/examples/stations';
import type { ConnectorCharge, OcppConnectorStatus, OcppStatus } from '@evcms/contracts/ocpp';
import type { OcppCommandEntry } from '@evcms/contracts/ocpp-commands';
import type { OcppMessage } from '@evcms/contracts/ocpp-messages';
import type { ConnectorOnCard, Station, StationListItem } from '@evcms/contracts/stations';
import type { Connector } from '@evcms/contracts/station-connectors';
import type { ConnectorValues } from './connector-rules.ts';

/* Stations as the API answers them, for the screen tests of this feature. */

export const aConnector = (
  id: number,
  evse_id: number,
  connector_id: number,
  extra: Partial<Connector> = {},
): Connector => ({
  id,
  evse_id,
  evse: null,
  connector_id,
  ocpp_16_id: id,
  typo: 'type2',
  typo_name: 'Type 2 (Mennekes)',
  position: id,
  position_name: 'Left',
  power_kWh: 22,
  cable_length: null,
  custom_fee: null,
  ...extra,
});

/** A connector as its modal's form gives it: Type 2 of 22 kW at position 1, with no cable or fee of its own. */
export const TYPE2_CONNECTOR = {
  typo: 'type2',
  position: 1,
  power_kWh: 22,
  cable_length: null,
  custom_fee: null,
} as const satisfies ConnectorValues;

const WEEKDAYS = [0, 1, 2, 3, 4].map((day) => ({
  id: day + 1,
  day,
  start_time: '09:00:00',
  end_time: '18:00:00',
  is_break: false,
}));

/** A connector as the card and the list show it: no status reported, no charge in progress. */
export const onCard = (connector: Connector): ConnectorOnCard => ({ ...connector, ocpp_status: null, charge: null });

/** A connector's StatusNotification as the API answers it, without an error unless told. */
export const anOcppStatus = (status: OcppConnectorStatus, extra: Partial<OcppStatus> = {}): OcppStatus => ({
  status,
  status_name: status,
  error_code: 'NoError',
  info: null,
  vendor_id: null,
  vendor_error_code: null,
  timestamp: null,
  received_at: '2024-05-06T08:30:00.000Z',
  ...extra,
});

/** Asanov Bakyt's charge no. 118, charging since 14:30 in Bishkek. */
export const aConnectorCharge = (extra: Partial<ConnectorCharge> = {}): ConnectorCharge => ({
  id: 118,
  status: 'in_progress',
  status_name: 'Charging',
  driver: { id: 7, name: 'Asanov Bakyt' },
  started_at: '2024-05-06T08:30:00.000Z',
  consumed: 12.345,
  amount: 154.31,
  power_kw: 49.5,
  soc: 64,
  ...extra,
});

/** A frame of the station's OCPP message log. */
export const anOcppMessage = (id: number, extra: Partial<OcppMessage> = {}): OcppMessage => ({
  id,
  at: '2024-05-06T08:30:05.000Z',
  direction: 'in',
  kind: 'call',
  message_id: `m-${id}`,
  action: 'Heartbeat',
  payload: {},
  ...extra,
});

export const aStationRow = (
  id: number,
  name: string,
  status: 0 | 1,
  extra: Partial<StationListItem> = {},
): StationListItem => ({
  id,
  name,
  identity: `CP-${id}`,
  location: 'Bishkek, Chui 1',
  schedule: WEEKDAYS,
  status,
  is_new: false,
  connectors: [onCard(aConnector(id * 10, 1, 1))],
  tags: [],
  surroundings: [],
  online: false,
  last_seen_at: null,
  ...extra,
});

export const aStation = (extra: Partial<Station> = {}): Station => ({
  id: 8,
  name: 'Volt Chui',
  name_ru: 'Вольт Чуй',
  name_en: 'Volt Chui',
  name_ky: 'Вольт Чүй',
  identity: 'CP-008',
  pic: 'Asel Toktogulova',
  manufacturer: 'ABB',
  execution_type: 'floor',
  security_profile: 1,
  ...chui1Address,
  latitude: '42.870000',
  longitude: '74.590000',
  avatar: '/media/stations/avatar.jpg',
  media_files: [
    { id: 2, url: '/media/stations/tour.mp4', kind: 'video', position: 2 },
    { id: 1, url: '/media/stations/front.jpg', kind: 'photo', position: 1 },
  ],
  schedule: WEEKDAYS,
  connectors: [
    aConnector(3, 2, 1, {
      typo: 'ccs2',
      typo_name: 'CCS Combo 2',
      power_kWh: 60,
      position_name: 'Front',
      custom_fee: 14.5,
    }),
    aConnector(2, 1, 2, { evse: 'A-17', cable_length: 5 }),
    aConnector(1, 1, 1, { evse: 'A-17' }),
  ].map(onCard),
  ...neverConnected,
  status: 1,
  is_new: true,
  merchant: 5,
  country: 1,
  city: 2,
  tags: [4],
  environment: [6],
  tag_items: [{ id: 4, title: 'Cafe', active: true }],
  environment_items: [{ id: 6, title: 'Parking', icon_path: '/media/surroundings/p.svg', active: true }],
  location: 'Kyrgyzstan, Bishkek, Chui 1',
  country_name: 'Kyrgyzstan',
  city_name: 'Bishkek',
  created_at: '2024-05-06T08:30:00.000Z',
  ...extra,
});

/** A command of the station card's audit, as the API answers it: a soft reset the station accepted. */
export const aCommandEntry = (id: number, extra: Partial<OcppCommandEntry> = {}): OcppCommandEntry => ({
  id,
  action: 'Reset',
  params: { type: 'Soft' },
  outcome: 'accepted',
  outcome_name: 'Accepted by the station',
  response: { status: 'Accepted' },
  requested_at: '2024-05-06T08:30:00.000Z',
  finished_at: '2024-05-06T08:30:01.000Z',
  manager_id: 1,
  manager_name: 'Aizada Bekova',
  ...extra,
});
