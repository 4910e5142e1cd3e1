import { localizedChanges, localizedFrom } from '@evcms/contracts/localized';
import type { MessageKey, MessageParams } from '@evcms/contracts/messages';
import type { StationCreate, StationUpdate } from '@evcms/contracts/stations';
import { CONNECTORS_MAX, type ConnectorsUpdate } from '@evcms/contracts/station-connectors';
import { MEDIA_FILES_MAX } from '@evcms/contracts/station-media';
import type { StatusesRequest } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { localizedValues } from '../../db/schema/localized.ts';
import { inRequestedOrder, uniqueIds } from '../../lib/bulk.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { definedOnly } from '../../lib/objects.ts';
import { scheduleForStorage } from '../../lib/schedule.ts';
import { catalogChoiceProblems, type CatalogChoices } from '../catalog/catalog-choices.service.ts';
import { recordNews } from '../news/news.service.ts';
import * as parts from './station-parts.repository.ts';
import { keepFiles, keptPaths, kindOf, removeFiles, type FileDeps, type IncomingFile } from './station-files.ts';
import { hashStationPassword } from './station-passwords.ts';
import { getStation, withParts, type StationDetailRecord, type StationListRecord } from './station-queries.service.ts';
import * as repo from './stations.repository.ts';
import {
  canDelete,
  connectorValues,
  mediaProblems,
  numberConnectors,
  planConnectors,
  type Problems,
} from './stations.rules.ts';

/* Changing stations: create, update, connectors, delete, statuses, each in one transaction. */

export interface StationsDeps extends FileDeps {
  db: Db;
  /** The key of the password hashes (config STATION_KEY_SECRET). */
  passwordKey: string;
  /** Told after a station is deleted or its identity or password changes: its charge point must connect again (or not at all). */
  linkChanged?: (stationId: number) => void;
}

export type StationFiles = { media_files?: IncomingFile[] | undefined; avatar?: IncomingFile | undefined };

const PARAMS: Partial<Record<MessageKey, MessageParams>> = {
  connectors_max: { max: CONNECTORS_MAX },
  media_files_max: { max: MEDIA_FILES_MAX },
};

function throwProblems(problems: Problems): void {
  const first = Object.values(problems)[0]?.[0];
  if (first) throw new AppError(400, first, { fields: problems, ...(PARAMS[first] && { params: PARAMS[first] }) });
}

/** The constraints the database settles: a second station with one identity (two creates racing), a merchant that is not there. */
function mappedViolation(error: unknown): unknown {
  const violation = violatedConstraint(error);
  if (violation?.constraint === 'stations_identity_key') return fieldError('identity', 'station_identity_taken');
  if (violation?.constraint === 'stations_merchant_id_merchants_id_fk') return fieldError('merchant', 'invalid_choice');
  return error;
}

/** What the schema cannot see: the catalog's ids name rows that exist, the city lies in the country, the identity is free. */
async function referenceProblems(
  db: Db,
  refs: CatalogChoices & { identity?: string; stationId?: number },
): Promise<Problems> {
  const problems = await catalogChoiceProblems(db, refs);
  if (refs.identity !== undefined && (await repo.identityTaken(db, refs.identity, refs.stationId)))
    problems.identity = ['station_identity_taken'];
  return problems;
}

/** The columns a request sets; an absent field stays as it is. */
function stationValues(
  deps: StationsDeps,
  input: Omit<StationUpdate, 'deleted_media_ids' | 'deleted_conns_ids' | 'connectors'>,
): Partial<repo.StationValues> {
  return {
    ...localizedValues('name', localizedChanges('name', input)),
    ...localizedValues('address', localizedChanges('address', input)),
    ...definedOnly({
      identity: input.identity,
      passwordHash: input.password === undefined ? undefined : hashStationPassword(deps.passwordKey, input.password),
      pic: input.pic,
      manufacturer: input.manufacturer,
      executionType: input.execution_type,
      securityProfile: input.security_profile,
      latitude: input.latitude,
      longitude: input.longitude,
      merchantId: input.merchant,
      countryId: input.country,
      cityId: input.city,
      schedule: input.schedule && scheduleForStorage(input.schedule),
      status: input.status,
      isNew: input.is_new,
    }),
  };
}

/**
 * Creates the station inactive and new, with its connectors numbered, its files, lists and news
 * event, in one transaction; answers the detail.
 */
export async function createStation(
  deps: StationsDeps,
  input: StationCreate & StationFiles,
  managerId: number,
): Promise<StationDetailRecord> {
  const files = input.media_files ?? [];
  throwProblems(mediaProblems({ current: [], deletedIds: [], added: files.map(kindOf) }));
  const kept = await keepFiles(deps, { media: files, avatar: input.avatar });
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      throwProblems(
        await referenceProblems(tx, {
          location: { country: input.country, district: null, city: input.city, citySent: true },
          tags: input.tags,
          environment: input.environment,
          identity: input.identity,
        }),
      );
      // A create request has every column stationValues reads.
      const values = {
        ...stationValues(deps, input),
        avatar: kept.avatar ?? null,
        createdBy: managerId,
      } as repo.StationValues;
      const stationId = await repo.insertStation(tx, values);
      const numbered = numberConnectors(
        input.connectors.map((c) => ({
          ...connectorValues(c),
          evseId: c.evse_id,
          connectorId: c.connector_id ?? null,
        })),
      );
      await parts.applyConnectorPlan(tx, stationId, { connectors: numbered, deletedIds: [] });
      await parts.appendMedia(tx, stationId, kept.media);
      await repo.replaceStationTags(tx, stationId, uniqueIds(input.tags));
      await repo.replaceStationInfrastructure(tx, stationId, uniqueIds(input.environment));
      await recordNews(tx, 'station_created', stationId, localizedFrom('name', input), managerId);
      return stationId;
    });
  } catch (error) {
    await removeFiles(deps, keptPaths(kept));
    throw mappedViolation(error);
  }
  return getStation(deps, id);
}

/**
 * Changes the fields sent (a list sent replaces the list; `delete_*` empties it), adds and removes
 * media, replaces the avatar, changes, adds and removes connectors (renumbering the station), in
 * one transaction: a refused part changes nothing. Files no longer named are removed after the commit.
 */
export async function updateStation(
  deps: StationsDeps,
  id: number,
  input: StationUpdate & StationFiles,
): Promise<StationDetailRecord> {
  const added = input.media_files ?? [];
  const kept = await keepFiles(deps, { media: added, avatar: input.avatar });
  let unnamed: string[];
  let relink = false;
  try {
    unnamed = await deps.db.transaction(async (tx) => {
      const current = await repo.lockStation(tx, id);
      if (!current) throw notFound();
      const tags = input.tags ?? (input.delete_tags ? [] : undefined);
      const environment = input.environment ?? (input.delete_environment ? [] : undefined);
      const locationSent = input.country !== undefined || input.city !== undefined;
      // One after the other: a transaction is one connection, and pg refuses overlapping queries on it.
      const media = await parts.findMedia(tx, [id]);
      const connectors = await parts.findConnectors(tx, [id]);
      const mediaChanged = added.length > 0 || input.deleted_media_ids.length > 0;
      const connectorsSent = input.connectors !== undefined || input.deleted_conns_ids.length > 0;
      const plan = connectorsSent
        ? planConnectors(connectors, input.connectors ?? [], input.deleted_conns_ids)
        : undefined;
      throwProblems({
        ...(await referenceProblems(tx, {
          ...(locationSent && {
            location: {
              country: input.country ?? current.countryId,
              district: null,
              city: input.city ?? current.cityId,
              citySent: input.city !== undefined,
            },
          }),
          tags,
          environment,
          identity: input.identity,
          stationId: id,
        })),
        ...(mediaChanged &&
          mediaProblems({
            current: media,
            deletedIds: input.deleted_media_ids,
            added: kept.media.map((file) => file.kind),
          })),
        ...(plan && 'problems' in plan && plan.problems),
      });
      await repo.updateStation(tx, id, { ...stationValues(deps, input), ...(kept.avatar && { avatar: kept.avatar }) });
      relink = (input.identity !== undefined && input.identity !== current.identity) || input.password !== undefined;
      if (tags) await repo.replaceStationTags(tx, id, uniqueIds(tags));
      if (environment) await repo.replaceStationInfrastructure(tx, id, uniqueIds(environment));
      const deletedMedia = new Set(input.deleted_media_ids);
      await parts.deleteMedia(tx, [...deletedMedia]);
      await parts.appendMedia(tx, id, kept.media);
      if (plan && 'plan' in plan) await parts.applyConnectorPlan(tx, id, plan.plan);
      const replacedAvatar = kept.avatar && current.avatar ? [current.avatar] : [];
      return [...media.filter((file) => deletedMedia.has(file.id)).map((file) => file.path), ...replacedAvatar];
    });
  } catch (error) {
    await removeFiles(deps, keptPaths(kept));
    throw mappedViolation(error);
  }
  await removeFiles(deps, unnamed);
  if (relink) deps.linkChanged?.(id);
  return getStation(deps, id);
}

/** The specification's connectors call: an update of the connectors alone. */
export function updateStationConnectors(
  deps: StationsDeps,
  id: number,
  input: ConnectorsUpdate,
): Promise<StationDetailRecord> {
  return updateStation(deps, id, { ...input, deleted_media_ids: [] });
}

/** Only an inactive station can be deleted (409 otherwise); its files go after the commit. */
export async function deleteStation(deps: StationsDeps, id: number): Promise<void> {
  const unnamed = await deps.db.transaction(async (tx) => {
    const station = await repo.lockStation(tx, id);
    if (!station) throw notFound();
    if (!canDelete(station)) throw conflict('station_active_delete');
    const media = await parts.findMedia(tx, [id]);
    await repo.deleteStation(tx, id);
    return [...media.map((file) => file.path), ...(station.avatar ? [station.avatar] : [])];
  });
  deps.linkChanged?.(id);
  await removeFiles(deps, unnamed);
}

/** All the ids change, or none does. Answers list records in the order asked. */
export async function setStationStatuses(deps: { db: Db }, input: StatusesRequest): Promise<StationListRecord[]> {
  const ids = uniqueIds(input.ids);
  await repo.setStationStatuses(deps.db, ids, input.status);
  return withParts(deps.db, inRequestedOrder(await repo.listStationsByIds(deps.db, ids), ids));
}
