import {
  CONNECTOR_POSITIONS,
  CONNECTOR_TYPES,
  type ConnectorPosition,
  type ConnectorType,
} from '@evcms/contracts/catalog';
import { CHARGE_STATUSES } from '@evcms/contracts/charges';
import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import type { ConnectorCharge } from '@evcms/contracts/ocpp';
import { localizedFields } from '@evcms/contracts/localized';
import type {
  ConnectorOnCard,
  Station,
  StationForUpdate,
  StationListItem,
  StationOption,
} from '@evcms/contracts/stations';
import type { Connector } from '@evcms/contracts/station-connectors';
import type { StationMediaFile } from '@evcms/contracts/station-media';
import { isActive } from '@evcms/contracts/status';
import { scheduleForDisplay } from '../../lib/schedule.ts';
import { mediaUrl } from '../../lib/uploads.ts';
import type { ChargeRecord } from '../charges/charges.service.ts';
import { presentOcppStatus, presentStationOcpp } from './station-ocpp.presenter.ts';
import type {
  ConnectorRecord,
  MediaRecord,
  Named,
  StationDetailRecord,
  StationListRecord,
} from './station-queries.service.ts';

/** Stations as the API answers them, with labels in the request's language. */

function nameOf<K extends PropertyKey>(names: Record<K, Record<Lang, string>>, key: K, lang: Lang): string {
  return Object.hasOwn(names, key) ? names[key][lang] : String(key);
}

export function presentConnector(connector: ConnectorRecord, lang: Lang): Connector {
  return {
    id: connector.id,
    evse_id: connector.evseId,
    evse: connector.evse,
    connector_id: connector.connectorId,
    ocpp_16_id: connector.ocpp16Id,
    typo: connector.typo,
    typo_name: nameOf(CONNECTOR_TYPES, connector.typo as ConnectorType, lang),
    position: connector.position,
    position_name: nameOf(CONNECTOR_POSITIONS, connector.position as ConnectorPosition, lang),
    power_kWh: fromMinorUnits(connector.powerW, DECIMALS.energy),
    cable_length: connector.cableLength,
    custom_fee: connector.customFeeTyiyn === null ? null : fromMinorUnits(connector.customFeeTyiyn, DECIMALS.money),
  };
}

function presentMedia(file: MediaRecord): StationMediaFile {
  return { id: file.id, url: mediaUrl(file.path), kind: file.kind, position: file.position };
}

const tagItems = (station: StationListRecord, lang: Lang) =>
  station.tags.map((tag) => ({ id: tag.id, title: tag.title[lang], active: isActive(tag.status) }));
const infrastructureItems = (station: StationListRecord, lang: Lang) =>
  station.infrastructure.map((item) => ({
    id: item.id,
    title: item.title[lang],
    icon_path: mediaUrl(item.icon),
    active: isActive(item.status),
  }));

/** The city and address, as the list's location column shows them. */
function location(station: StationListRecord, lang: Lang): string {
  return `${station.cityName[lang]}, ${station.address[lang]}`;
}

function presentConnectorCharge(charge: ChargeRecord | undefined, lang: Lang): ConnectorCharge | null {
  if (!charge) return null;
  return {
    id: charge.id,
    status: charge.status,
    status_name: CHARGE_STATUSES[charge.status][lang],
    driver: charge.driver && { id: charge.driver.id, name: `${charge.driver.surname} ${charge.driver.firstName}` },
    started_at: charge.startedAt.toISOString(),
    consumed: fromMinorUnits(charge.consumedWh, DECIMALS.energy),
    amount: fromMinorUnits(charge.amountTyiyn, DECIMALS.money),
    power_kw: charge.powerW === null ? null : fromMinorUnits(charge.powerW, DECIMALS.energy),
    soc: charge.socPercent,
  };
}

/** Each connector with its reported OCPP status and its charge in progress. */
function connectorsOnCard(station: StationListRecord, lang: Lang): ConnectorOnCard[] {
  return station.connectors.map((connector) => ({
    ...presentConnector(connector, lang),
    ocpp_status: presentOcppStatus(station.ocpp.statuses.get(connector.ocpp16Id), lang),
    charge: presentConnectorCharge(station.openCharges.get(connector.ocpp16Id), lang),
  }));
}

export function presentStationListItem(station: StationListRecord, lang: Lang): StationListItem {
  return {
    id: station.id,
    name: station.name[lang],
    identity: station.identity,
    location: location(station, lang),
    schedule: scheduleForDisplay(station.schedule),
    status: station.status,
    is_new: station.isNew,
    connectors: connectorsOnCard(station, lang),
    tags: tagItems(station, lang),
    surroundings: infrastructureItems(station, lang),
    online: station.ocpp.online,
    last_seen_at: station.ocpp.lastSeenAt?.toISOString() ?? null,
  };
}

export function presentStationForUpdate(station: StationDetailRecord, lang: Lang): StationForUpdate {
  return {
    id: station.id,
    ...localizedFields('name', station.name),
    name: station.name[lang],
    identity: station.identity,
    pic: station.pic,
    manufacturer: station.manufacturer,
    execution_type: station.executionType,
    security_profile: station.securityProfile,
    ...localizedFields('address', station.address),
    address: station.address[lang],
    latitude: station.latitude,
    longitude: station.longitude,
    avatar: station.avatar === null ? null : mediaUrl(station.avatar),
    media_files: station.media.map(presentMedia),
    schedule: scheduleForDisplay(station.schedule),
    connectors: station.connectors.map((connector) => presentConnector(connector, lang)),
    status: station.status,
    is_new: station.isNew,
    merchant: station.merchantId,
    country: station.countryId,
    city: station.cityId,
    tags: station.tags.map((tag) => tag.id),
    environment: station.infrastructure.map((item) => item.id),
    tag_items: tagItems(station, lang),
    environment_items: infrastructureItems(station, lang),
  };
}

export function presentStation(station: StationDetailRecord, lang: Lang): Station {
  return {
    ...presentStationForUpdate(station, lang),
    ...presentStationOcpp(station.ocpp, lang),
    connectors: connectorsOnCard(station, lang),
    location: location(station, lang),
    country_name: station.countryName[lang],
    city_name: station.cityName[lang],
    created_at: station.createdAt.toISOString(),
  };
}

export function presentStationOption(station: Named, lang: Lang): StationOption {
  return { id: station.id, name: station.name[lang] };
}
