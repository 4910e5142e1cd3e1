import { OCPP_CONNECTOR_STATUSES } from '@evcms/contracts/ocpp';
import type { RemoteStartRequest } from '@evcms/contracts/ocpp-commands';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError } from '../../lib/errors.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { findDriverByIdTag, findDriverIdTags, type IdTagHolder } from '../drivers/id-tags.service.ts';
import { findStationOcpp } from '../stations/station-ocpp.service.ts';
import {
  commandStation,
  connectorTarget,
  type CommandAnswerRecord,
  type SendCommand,
} from '../stations/station-commands.service.ts';
import { cancelCharge } from './charge-lifecycle.service.ts';
import { chooseIdTag, connectorRefusal } from './charge-remote-start.rules.ts';
import { DEFAULT_MINIMUM_BALANCE_TYIYN, initiateCharge } from './charge-start.service.ts';
import * as repo from './charges.repository.ts';
import { authorize } from './charges.rules.ts';

/*
 * A manager's remote start (PRODUCT.md 'Charge lifecycle' and 'Charge source'): OCPP
 * RemoteStartTransaction for a driver's id tag on one connector, refused before anything is sent
 * when Authorize would refuse the tag or the connector cannot start. The charge is initiated
 * (source back_office) before the command goes out, so the screens show it at once and the
 * StartTransaction the station sends right after accepting takes it over; a refusal, no answer or
 * a lost connection cancels it.
 */

export interface RemoteStartDeps {
  db: Db;
  command: SendCommand;
  /** Where the charge's changes are told to the open screens. */
  events?: Pick<LiveEvents, 'publish'> | undefined;
  /** The balance Authorize asks of a driver (OCPP_MINIMUM_BALANCE); unset: the charge services' default. */
  minimumBalanceTyiyn?: number | undefined;
}

export interface RemoteStartRecord extends CommandAnswerRecord {
  /** The charge initiated for it; null when none was (the station was offline). */
  chargeId: number | null;
}

/** POST /stations/{id}/ocpp/remote-start/. 404 for an unknown station; 400 and 409 for a start refused before sending. */
export async function remoteStart(
  deps: RemoteStartDeps,
  stationId: number,
  request: RemoteStartRequest,
  managerId: number,
): Promise<RemoteStartRecord> {
  const connectorId = request.connector_id;
  await connectorTarget(deps.db, stationId, connectorId);
  const holder = await chosenHolder(deps.db, request);
  const { refusal } = authorize(holder, deps.minimumBalanceTyiyn ?? DEFAULT_MINIMUM_BALANCE_TYIYN);
  if (refusal === 'blocked') throw conflict('remote_start_blocked');
  if (refusal === 'low_balance') throw conflict('remote_start_low_balance');

  const ocpp = await findStationOcpp(deps.db, stationId);
  const open = await repo.findOpenCharge(deps.db, stationId, connectorId);
  const connector = connectorRefusal(ocpp.statuses.get(connectorId)?.status ?? null, open, holder.idTag);
  if (connector?.refusal === 'busy')
    throw conflict('remote_start_connector_busy', { connector: connectorId, charge: connector.chargeId });
  if (connector?.refusal === 'unavailable') {
    throw conflict('remote_start_connector_unavailable', {
      connector: connectorId,
      status: OCPP_CONNECTOR_STATUSES[connector.status],
    });
  }

  const params = { connectorId, idTag: holder.idTag };
  // Offline: the command is recorded as such (as any other), with no charge to show for it.
  if (!ocpp.online)
    return { ...(await commandStation(deps, stationId, managerId, 'RemoteStartTransaction', params)), chargeId: null };
  const charge = await initiateCharge(deps.db, {
    stationId,
    ocppConnectorId: connectorId,
    idTag: holder.idTag,
    source: 'back_office',
  });
  const told = () => {
    deps.events?.publish({ resource: 'stations', ids: [stationId] });
    deps.events?.publish({ resource: 'charges', ids: [charge.id] });
  };
  told();
  const answer = await commandStation(deps, stationId, managerId, 'RemoteStartTransaction', params);
  if (answer.outcome !== 'accepted') {
    // Only while still initiated: a StartTransaction that came in the meantime keeps its charge.
    await cancelCharge(deps.db, charge.id);
    told();
  }
  return { ...answer, chargeId: charge.id };
}

/** The tag holder the request names: the tag given (the driver's, when a driver is given too), else the driver's one usable tag. */
async function chosenHolder(db: Db, request: RemoteStartRequest): Promise<IdTagHolder> {
  const tags = request.driver_id === undefined ? undefined : await findDriverIdTags(db, request.driver_id);
  if (request.driver_id !== undefined && !tags) throw fieldError('driver_id', 'remote_start_driver_unknown');
  let idTag = request.id_tag;
  if (idTag === undefined) {
    if (!tags) throw fieldError('driver_id', 'remote_start_driver_required');
    const choice = chooseIdTag(tags);
    if ('idTag' in choice) idTag = choice.idTag;
    else if (choice.refusal === 'several') throw fieldError('id_tag', 'remote_start_id_tag_choose');
    else throw conflict(choice.refusal === 'no_tag' ? 'remote_start_no_id_tag' : 'remote_start_blocked');
  }
  const holder = await findDriverByIdTag(db, idTag);
  if (!holder) throw fieldError('id_tag', 'remote_start_id_tag_unknown');
  if (request.driver_id !== undefined && holder.driverId !== request.driver_id)
    throw fieldError('id_tag', 'remote_start_id_tag_not_drivers');
  return holder;
}
