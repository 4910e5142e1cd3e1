import type { ChargeStatus } from '@evcms/contracts/charges';
import type { OcppConnectorStatus } from '@evcms/contracts/ocpp';

/* The remote start's decisions, as plain functions: which of a driver's tags it uses, and whether the connector can take it. */

/** The tag a remote start for a driver uses: the one unblocked tag; else why none can be chosen. */
export type TagChoice = { idTag: string } | { refusal: 'no_tag' | 'all_blocked' | 'several' };

export function chooseIdTag(tags: readonly { idTag: string; blocked: boolean }[]): TagChoice {
  const usable = tags.filter((tag) => !tag.blocked);
  if (usable.length === 1) return { idTag: usable[0]!.idTag };
  if (usable.length > 1) return { refusal: 'several' };
  return { refusal: tags.length ? 'all_blocked' : 'no_tag' };
}

/**
 * Connector statuses a remote start is sent in: free (Available), a cable plugged in waiting for a
 * driver (Preparing), or the last charge's cable still in (Finishing: the station may start again).
 * Charging, suspended, reserved, unavailable or faulted connectors are refused before anything is sent.
 */
const STARTABLE: ReadonlySet<OcppConnectorStatus> = new Set<OcppConnectorStatus>([
  'Available',
  'Preparing',
  'Finishing',
]);

export type ConnectorRefusal =
  { refusal: 'busy'; chargeId: number } | { refusal: 'unavailable'; status: OcppConnectorStatus };

/**
 * Whether the connector can take a remote start for `idTag`: not when a charge runs on it, or an
 * initiated one waits there for another tag (a plugged-in connector's charge with no tag yet is
 * taken over), nor when its last reported status says it cannot start. A connector that never
 * reported a status is left to the station to answer. Null: it can.
 */
export function connectorRefusal(
  status: OcppConnectorStatus | null,
  open: { id: number; status: ChargeStatus; idTag: string | null } | undefined,
  idTag: string,
): ConnectorRefusal | null {
  const waitingForOther =
    open?.status === 'initiated' && open.idTag !== null && open.idTag.toLowerCase() !== idTag.toLowerCase();
  if (open && (open.status !== 'initiated' || waitingForOther)) return { refusal: 'busy', chargeId: open.id };
  if (status !== null && !STARTABLE.has(status)) return { refusal: 'unavailable', status };
  return null;
}
