import { localizedKeys, type LocalizedKey } from '@evcms/contracts/localized';
import type { ScheduleEntryInput } from '@evcms/contracts/schedule';
import {
  formatCoordinate,
  type ExecutionType,
  type SecurityProfile,
  type StationForUpdate,
} from '@evcms/contracts/stations';
import type { ConnectorBody } from './connector-rules.ts';

/*
 * The multipart bodies of POST /stations/ and PATCH /stations/update/{id}/ (spec 7): indexed
 * fields in brackets (`schedule[0][day]`, `connectors[0][typo]`, `media_files[0]`,
 * `deleted_media_ids[0]`, `deleted_conns_ids[0]`), tags and infrastructure as repeated values, or
 * a `delete_tags` / `delete_environment` flag when an edit empties them (a form cannot send an
 * empty list).
 */

export type ScheduleBody = Pick<ScheduleEntryInput, 'day' | 'start_time' | 'end_time' | 'is_break'>;

/** The station's own fields (not its connectors and files), as create sends them. */
export type StationFields = Record<LocalizedKey<'name'> | LocalizedKey<'address'>, string> & {
  identity: string;
  /** The OCPP key; on edit '' while it is not typed again (it is never read back). */
  password: string;
  pic: string;
  manufacturer: string;
  execution_type: ExecutionType;
  security_profile: SecurityProfile;
  latitude: string;
  longitude: string;
  merchant: number;
  country: number;
  city: number;
  tags: number[];
  environment: number[];
  schedule: ScheduleBody[];
};

export interface StationCreateBody extends StationFields {
  connectors: ConnectorBody[];
  media_files: File[];
  avatar?: File;
}

/** An edit's body: the changed fields, the new files, the removed media, and the connectors when they changed. */
export type StationChanges = Partial<StationFields> & {
  delete_tags?: true;
  delete_environment?: true;
  media_files?: File[];
  deleted_media_ids?: number[];
  /** Only when a new avatar file was chosen. */
  avatar?: File;
  /** Every connector left (stored ones with their id), saved with the fields in one transaction. */
  connectors?: ConnectorBody[];
  deleted_conns_ids?: number[];
};

const TEXT_FIELDS = [
  ...localizedKeys('name'),
  'identity',
  'password',
  'pic',
  'manufacturer',
  'execution_type',
  'security_profile',
  ...localizedKeys('address'),
  'latitude',
  'longitude',
  'merchant',
  'country',
  'city',
] as const satisfies readonly (keyof StationFields)[];

const CONNECTOR_FIELDS = [
  'id',
  'evse_id',
  'evse',
  'connector_id',
  'typo',
  'position',
  'power_kWh',
  'cable_length',
  'custom_fee',
] as const;

/** A create body or an edit's changes as the multipart form the API takes. */
export function stationFormData(body: Partial<StationCreateBody> & StationChanges): FormData {
  const data = new FormData();
  for (const name of TEXT_FIELDS) {
    const value = body[name];
    if (value !== undefined) data.append(name, String(value));
  }
  for (const name of ['tags', 'environment'] as const) for (const id of body[name] ?? []) data.append(name, String(id));
  if (body.delete_tags) data.append('delete_tags', 'true');
  if (body.delete_environment) data.append('delete_environment', 'true');
  body.schedule?.forEach((entry, index) => {
    data.append(`schedule[${index}][day]`, String(entry.day));
    data.append(`schedule[${index}][start_time]`, entry.start_time);
    data.append(`schedule[${index}][end_time]`, entry.end_time);
    data.append(`schedule[${index}][is_break]`, String(entry.is_break));
  });
  body.connectors?.forEach((connector, index) => {
    for (const name of CONNECTOR_FIELDS) {
      const value = connector[name];
      // Left out, not sent empty: the server's default for each is null (and a new connector has no id).
      if (value !== undefined && value !== null && value !== '')
        data.append(`connectors[${index}][${name}]`, String(value));
    }
  });
  body.media_files?.forEach((file, index) => data.append(`media_files[${index}]`, file, file.name));
  body.deleted_media_ids?.forEach((id, index) => data.append(`deleted_media_ids[${index}]`, String(id)));
  body.deleted_conns_ids?.forEach((id, index) => data.append(`deleted_conns_ids[${index}]`, String(id)));
  if (body.avatar) data.append('avatar', body.avatar, body.avatar.name);
  return data;
}

// The server numbers schedule entries; requests carry none.
const scheduleBody = (schedule: readonly ScheduleBody[]): ScheduleBody[] =>
  schedule.map(({ day, start_time, end_time, is_break }) => ({ day, start_time, end_time, is_break }));

/** The stored station's fields as the edit form starts from them; the password is never read back. */
export function storedFields(station: StationForUpdate): StationFields {
  const fields = Object.fromEntries(TEXT_FIELDS.map((name) => [name, name === 'password' ? '' : station[name]]));
  return {
    ...(fields as Omit<StationFields, 'tags' | 'environment' | 'schedule'>),
    tags: [...station.tags],
    environment: [...station.environment],
    schedule: scheduleBody(station.schedule),
  };
}

const COORDINATE = /^-?\d{1,3}(\.\d{1,6})?$/;

/** A value as the server will store it, to tell a real change from another spelling of the same. */
function comparable(name: keyof StationFields, value: StationFields[keyof StationFields]): string {
  if (name === 'latitude' || name === 'longitude') {
    const text = String(value).trim();
    return COORDINATE.test(text) ? formatCoordinate(text) : text;
  }
  if (name === 'tags' || name === 'environment') return JSON.stringify([...(value as number[])].sort((a, b) => a - b));
  if (name === 'schedule') {
    const entries = scheduleBody(value as ScheduleBody[]).sort(
      (a, b) => a.day - b.day || Number(a.is_break) - Number(b.is_break),
    );
    return JSON.stringify(entries);
  }
  return typeof value === 'string' ? value.trim() : JSON.stringify(value);
}

/**
 * The fields of an edit that differ from the stored ones (spec 4 'Station update'): the password
 * only when typed, an emptied tag or infrastructure list as its delete flag, a changed schedule
 * whole.
 */
export function stationChanges(stored: StationFields, edited: StationFields): StationChanges {
  const changes: Record<string, unknown> = {};
  for (const name of Object.keys(edited) as (keyof StationFields)[]) {
    const value = edited[name];
    if (name === 'password') {
      if (value !== '') changes.password = value;
    } else if (comparable(name, value) === comparable(name, stored[name])) {
      continue;
    } else if ((name === 'tags' || name === 'environment') && (value as number[]).length === 0) {
      changes[`delete_${name}`] = true;
    } else {
      changes[name] = name === 'schedule' ? scheduleBody(value as ScheduleBody[]) : value;
    }
  }
  return changes as StationChanges;
}
