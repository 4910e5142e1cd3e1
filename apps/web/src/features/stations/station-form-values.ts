import { localizedFields, localizedKeys, type LocalizedKey } from '@evcms/contracts/localized';
import type { ScheduleEntryInput } from '@evcms/contracts/schedule';
import { DEFAULT_EXECUTION_TYPE, DEFAULT_SECURITY_PROFILE, type StationForUpdate } from '@evcms/contracts/stations';
import { type StationMediaFile } from '@evcms/contracts/station-media';
import { inEveryLang } from '../../components/multilingual-stepper/form-langs.ts';
import { connectorBodies, connectorsChange, draftOf, groupModules, type ModuleDraft } from './connector-rules.ts';
import {
  stationChanges,
  storedFields,
  type StationChanges,
  type StationCreateBody,
  type StationFields,
} from './station-form-data.ts';

/** The gallery in the form: stored media still kept, and files chosen here. */
export interface MediaValue {
  kept: StationMediaFile[];
  added: File[];
}

/** The avatar in the form: the stored one's URL, or a newly chosen file. */
export interface AvatarValue {
  url: string | null;
  file?: File;
}

/**
 * The station form's fields, as the API names them where it has them: selects null until chosen,
 * `district` only narrows the city list (a station has none), modules and files as the form
 * edits them.
 */
export type StationFormValues = Omit<StationFields, 'merchant' | 'country' | 'city' | 'schedule'> & {
  country: number | null;
  district: number | null;
  city: number | null;
  schedule: ScheduleEntryInput[];
  modules: ModuleDraft[];
  media: MediaValue;
  avatar: AvatarValue;
};

export const EMPTY_STATION_FORM: StationFormValues = {
  ...localizedFields('name', inEveryLang('')),
  ...localizedFields('address', inEveryLang('')),
  identity: '',
  password: '',
  pic: '',
  manufacturer: '',
  execution_type: DEFAULT_EXECUTION_TYPE,
  security_profile: DEFAULT_SECURITY_PROFILE,
  latitude: '',
  longitude: '',
  country: null,
  district: null,
  city: null,
  tags: [],
  environment: [],
  schedule: [],
  modules: [],
  media: { kept: [], added: [] },
  avatar: { url: null },
};

/** The stored station as the edit form starts; the password empty (it is never read back). */
export function formValuesOf(station: StationForUpdate): StationFormValues {
  const { merchant: _merchant, ...fields } = storedFields(station);
  return {
    ...fields,
    district: null,
    modules: groupModules(station.connectors.map(draftOf)),
    media: { kept: [...station.media_files].sort((a, b) => a.position - b.position), added: [] },
    avatar: { url: station.avatar },
  };
}

const TEXT_KEYS = [...localizedKeys('name'), ...localizedKeys('address')] as LocalizedKey<'name' | 'address'>[];

/** The station's own fields of the form's values; the rules have checked them (a select left empty goes as 0 and is refused). */
export function fieldsOf(values: StationFormValues, merchant: number): StationFields {
  const texts = Object.fromEntries(TEXT_KEYS.map((key) => [key, values[key]])) as Record<
    LocalizedKey<'name' | 'address'>,
    string
  >;
  return {
    ...texts,
    identity: values.identity,
    password: values.password,
    pic: values.pic,
    manufacturer: values.manufacturer,
    execution_type: values.execution_type,
    security_profile: values.security_profile,
    latitude: values.latitude,
    longitude: values.longitude,
    merchant,
    country: values.country ?? 0,
    city: values.city ?? 0,
    tags: values.tags,
    environment: values.environment,
    schedule: values.schedule,
  };
}

/** POST /stations/ for the form's values: the fields, the numbered connectors, the chosen files. */
export function createBody(values: StationFormValues, merchant: number): StationCreateBody {
  return {
    ...fieldsOf(values, merchant),
    connectors: connectorBodies(values.modules),
    media_files: values.media.added,
    ...(values.avatar.file && { avatar: values.avatar.file }),
  };
}

/**
 * What an edit sends, holding only what differs from `stored`: the changed fields, the files, and
 * the connectors when one was edited, added or removed, all in one request (saved all or nothing).
 */
export function editChanges(stored: StationForUpdate, values: StationFormValues): StationChanges {
  const changes = stationChanges(storedFields(stored), fieldsOf(values, stored.merchant));
  const kept = new Set(values.media.kept.map((file) => file.id));
  const deleted = stored.media_files.filter((file) => !kept.has(file.id)).map((file) => file.id);
  if (values.media.added.length) changes.media_files = values.media.added;
  if (deleted.length) changes.deleted_media_ids = deleted;
  if (values.avatar.file) changes.avatar = values.avatar.file;
  const connectors = connectorsChange(stored.connectors.map(draftOf), values.modules);
  if (connectors) {
    changes.connectors = connectors.connectors;
    if (connectors.deleted_conns_ids.length) changes.deleted_conns_ids = connectors.deleted_conns_ids;
  }
  return changes;
}
