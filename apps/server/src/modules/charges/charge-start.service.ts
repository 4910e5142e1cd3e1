import type { ChargeReviewReason, ChargeSource } from '@evcms/contracts/charges';
import type { Db } from '../../db/client.ts';
import type { IdTagStatus } from '../../db/schema/charges.ts';
import { localizedValues } from '../../db/schema/localized.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { notFound } from '../../lib/errors.ts';
import { findDriverByIdTag } from '../drivers/id-tags.service.ts';
import { priceFor } from '../rates/rates.service.ts';
import { findChargeSite, lockStationStarts, type ChargeSite } from '../stations/station-ocpp.service.ts';
import * as repo from './charges.repository.ts';
import { chargePowerW, DEFAULT_POWER_CEILING_W } from './charge-plausibility.rules.ts';
import { authorize, startDecision } from './charges.rules.ts';

/*
 * The start of a charge, as the OCPP central system drives it (PRODUCT.md 'Charge lifecycle'):
 * Authorize, a remote start or a connector Preparing (initiated), StartTransaction (in progress or
 * unauthorized, the price fixed). charge-lifecycle.service.ts runs and ends it.
 */

export type { IdTagStatus } from '../../db/schema/charges.ts';

/** Authorize's default minimum: a positive balance (the OCPP part may configure more). */
export const DEFAULT_MINIMUM_BALANCE_TYIYN = 1;

// ---- For other modules

export interface AuthorizeAnswer {
  idTagStatus: IdTagStatus;
  /** The tag's holder, also when refused for a block or a short balance; null for an unknown tag. */
  driverId: number | null;
}

/** OCPP Authorize: Accepted for a known, unblocked tag and driver whose balance covers the minimum; else Blocked or Invalid. */
export async function authorizeIdTag(
  db: Db,
  idTag: string,
  options: { minimumBalanceTyiyn?: number } = {},
): Promise<AuthorizeAnswer> {
  const holder = await findDriverByIdTag(db, idTag);
  const { idTagStatus } = authorize(holder, options.minimumBalanceTyiyn ?? DEFAULT_MINIMUM_BALANCE_TYIYN);
  return { idTagStatus, driverId: holder?.driverId ?? null };
}

export interface InitiateChargeInput {
  stationId: number;
  ocppConnectorId: number;
  /** The tag of a remote start; none for a connector that went Preparing before anyone presented one. */
  idTag?: string | null | undefined;
  /** Who started it remotely (a tag's start goes on as `card`, the default). */
  source?: ChargeSource | undefined;
  at?: Date | undefined;
}

/**
 * A charge about to start (a remote start, or a connector Preparing): status initiated, no price
 * yet. A connector already waiting (with this tag or none) keeps its one initiated charge, which
 * takes the tag if it had none, and the remote start's source (the cable was plugged in first).
 * 404 for an unknown station.
 */
export async function initiateCharge(db: Db, input: InitiateChargeInput): Promise<repo.ChargeRow> {
  return db.transaction(async (tx) => {
    const idTag = input.idTag ?? null;
    const source = input.source && { source: input.source };
    const waiting = await repo.findInitiatedCharge(tx, input.stationId, input.ocppConnectorId, idTag);
    if (waiting && idTag && waiting.idTag === null)
      return repo.updateCharge(tx, waiting.id, { ...(await driverOf(tx, idTag)), ...source });
    if (waiting)
      return source && waiting.source !== source.source ? repo.updateCharge(tx, waiting.id, source) : waiting;
    const site = await findChargeSite(tx, input.stationId, input.ocppConnectorId);
    if (!site) throw notFound();
    const row = await repo.insertCharge(tx, {
      ...siteValues(site, input.ocppConnectorId),
      status: 'initiated',
      startedAt: input.at ?? new Date(),
      ...source,
      ...(idTag && (await driverOf(tx, idTag))),
    });
    return row!;
  });
}

async function driverOf(tx: Db, idTag: string) {
  return { idTag, driverId: (await findDriverByIdTag(tx, idTag))?.driverId ?? null };
}

function siteValues(site: ChargeSite, ocppConnectorId: number) {
  return {
    stationId: site.stationId,
    merchantId: site.merchantId,
    ...localizedValues('station_name', site.stationName),
    stationConnectorId: site.connector?.id ?? null,
    ocppConnectorId,
    connectorTypo: (site.connector?.typo ?? null) as repo.ChargeRow['connectorTypo'],
  };
}

export interface OpenChargeInput {
  stationId: number;
  /** OCPP connectorId: the connector's `ocpp_16_id`. */
  ocppConnectorId: number;
  idTag: string;
  meterStartWh: number;
  /** The charge point's timestamp of the start (or the server's, when the caller replaced it: `review`). */
  startedAt: Date;
  reservationId?: number | null | undefined;
  minimumBalanceTyiyn?: number | undefined;
  /** Why the start's time is not the station's (`clock_future`); the charge is marked for review. */
  review?: ChargeReviewReason | null | undefined;
  /** The power (W) meter readings are judged by on a connector whose power is not set; DEFAULT_POWER_CEILING_W unless told. */
  powerCeilingW?: number | undefined;
}

export interface OpenedCharge {
  /** The charge number: the OCPP transactionId to answer. */
  chargeId: number;
  /** The idTagInfo status to answer; anything but Accepted tells the charge point to stop. */
  idTagStatus: IdTagStatus;
  charge: repo.ChargeRow;
}

/**
 * OCPP StartTransaction. The tag is authorised as Authorize would (a tag the charge point accepted
 * from its own cache is checked here); the price per kWh is fixed now by the price resolution
 * (custom fee, personal rate, default rate). An accepted, priced start is in progress; any other is
 * recorded as unauthorized with its refusal. An initiated charge waiting on the connector becomes
 * this charge. The same start sent again (station, connector, tag, meter start and time) answers
 * the same charge, also when the copies race (the unique start key). A start whose time was
 * replaced has no time to be known by: the same station, connector, tag and meter start on a charge
 * still open whose start was replaced is it, looked for under a lock on the station's starts so
 * copies racing find each other. The charge keeps the power its meter is judged by
 * (charge-plausibility.rules.ts). 404 for an unknown station.
 */
export async function openCharge(db: Db, input: OpenChargeInput): Promise<OpenedCharge> {
  const key: repo.StartKey = {
    stationId: input.stationId,
    ocppConnectorId: input.ocppConnectorId,
    idTag: input.idTag,
    meterStartWh: input.meterStartWh,
    startedAt: input.startedAt,
  };
  try {
    return await db.transaction(async (tx) => {
      if (input.review) await lockStationStarts(tx, input.stationId);
      const sent =
        (await repo.findByStartKey(tx, key)) ?? (input.review ? await repo.findReplacedStart(tx, key) : undefined);
      if (sent) return opened(sent);
      const site = await findChargeSite(tx, input.stationId, input.ocppConnectorId);
      if (!site) throw notFound();
      const holder = await findDriverByIdTag(tx, input.idTag);
      const authorization = authorize(holder, input.minimumBalanceTyiyn ?? DEFAULT_MINIMUM_BALANCE_TYIYN);
      const price =
        site.connector && !authorization.refusal
          ? await priceFor(tx, {
              merchantId: site.merchantId,
              typo: site.connector.typo,
              customFee: site.connector.customFeeTyiyn,
            })
          : { priceTyiyn: null, source: null };
      const decision = startDecision({
        connectorKnown: site.connector !== undefined,
        authorization,
        priceTyiyn: price.priceTyiyn,
      });
      const accepted = decision.refusal === null;
      const values = {
        ...siteValues(site, input.ocppConnectorId),
        ...key,
        status: accepted ? ('in_progress' as const) : ('unauthorized' as const),
        result: accepted ? null : ('failed' as const),
        driverId: holder?.driverId ?? null,
        idTagStatus: decision.idTagStatus,
        refusal: decision.refusal,
        reservationId: input.reservationId ?? null,
        lastMeterWh: input.meterStartWh,
        lastMeterAt: input.startedAt,
        priceTyiyn: accepted ? price.priceTyiyn : null,
        priceSource: accepted ? price.source : null,
        maxPowerW: chargePowerW(site.connector?.powerW, input.powerCeilingW ?? DEFAULT_POWER_CEILING_W),
        reviewReason: input.review ?? null,
      };
      const waiting = await repo.findInitiatedCharge(tx, input.stationId, input.ocppConnectorId, input.idTag);
      if (waiting) return opened(await repo.updateCharge(tx, waiting.id, values));
      // A copy racing this one and committed first leaves the insert nothing to do: answer its charge.
      return opened((await repo.insertCharge(tx, values)) ?? (await repo.findByStartKey(tx, key))!);
    });
  } catch (error) {
    // The copy won while this one was turning an initiated charge into it.
    const same = violatedConstraint(error)?.constraint === 'charges_start_key' && (await repo.findByStartKey(db, key));
    if (same) return opened(same);
    throw error;
  }
}

function opened(charge: repo.ChargeRow): OpenedCharge {
  return { chargeId: charge.id, idTagStatus: charge.idTagStatus ?? 'Invalid', charge };
}
