import type { IHandlersOption, RPCClient } from 'ocpp-rpc';
import type { ChargePoint } from './charge-point.ts';
import type { TriggerableMessage } from './ocpp.ts';
import type { Connector } from './session.ts';

/*
 * The central system's commands, answered as a real charge point answers them (OCPP 1.6 Core and
 * Remote Trigger). What a command sets in motion (a reboot, a triggered message, a status change)
 * follows its answer, so the central system always has the answer first.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command reads its own request, as the schema let it through
type Params = Record<string, any>;

/** After the answer has gone out. */
function afterAnswer(task: () => Promise<unknown>): void {
  setImmediate(() => void task().catch(() => undefined));
}

export function registerCommands(client: RPCClient, cp: ChargePoint): void {
  const on = (action: string, answer: (params: Params) => object) =>
    client.handle(action, async ({ params }: IHandlersOption) => {
      cp.stats.commands += 1;
      const reply = answer(params ?? {});
      cp.log(`${action} ${JSON.stringify(params ?? {})} -> ${JSON.stringify(reply)}`);
      return reply;
    });

  on('Reset', ({ type }) => {
    afterAnswer(() => cp.reboot(type));
    return { status: 'Accepted' };
  });

  on('RemoteStartTransaction', ({ idTag, connectorId }) => {
    const connector = connectorId === undefined ? cp.freeConnector() : cp.connector(connectorId);
    if (!connector || !cp.canCharge(connector)) return { status: 'Rejected' };
    void cp.startSession(idTag, {
      connectorId: connector.id,
      authorize: cp.configuration.flag('AuthorizeRemoteTxRequests'),
    });
    return { status: 'Accepted' };
  });

  on('RemoteStopTransaction', ({ transactionId }) => {
    const session = cp.sessionOf(transactionId);
    session?.end('Remote');
    return { status: session ? 'Accepted' : 'Rejected' };
  });

  // A connector in use is unlocked by stopping its transaction first (the cable is released).
  on('UnlockConnector', ({ connectorId }) => {
    const connector = cp.connector(connectorId);
    connector?.session?.end('UnlockCommand');
    return { status: connector ? 'Unlocked' : 'NotSupported' };
  });

  on('ChangeAvailability', ({ connectorId, type }) => changeAvailability(cp, connectorId, type === 'Operative'));

  on('TriggerMessage', ({ requestedMessage, connectorId }) => {
    if (connectorId !== undefined && connectorId !== 0 && !cp.connector(connectorId)) return { status: 'Rejected' };
    afterAnswer(() => trigger(cp, requestedMessage, connectorId));
    return { status: 'Accepted' };
  });

  on('GetConfiguration', ({ key }) => cp.configuration.read(key));

  on('ChangeConfiguration', ({ key, value }) => {
    const status = cp.configuration.change(key, value);
    if (status === 'Accepted' && key === 'HeartbeatInterval') cp.restartHeartbeat();
    return { status };
  });
}

/**
 * Connector 0 is the whole charge point. A connector in a session becomes Inoperative when the
 * session ends (Scheduled); the others report their new status at once.
 */
function changeAvailability(cp: ChargePoint, connectorId: number, operative: boolean) {
  const targets =
    connectorId === 0 ? cp.connectors : [cp.connector(connectorId)].filter((connector) => connector !== undefined);
  if (!targets.length) return { status: 'Rejected' };
  if (connectorId === 0) cp.stationOperative = operative;
  for (const connector of targets) connector.operative = operative;
  const idle = targets.filter((connector) => !connector.session);
  afterAnswer(async () => {
    if (connectorId === 0) await cp.sendStatus(0, cp.stationStatus());
    await Promise.all(idle.map((connector) => cp.report(connector, operative ? 'Available' : 'Unavailable')));
  });
  return { status: !operative && idle.length < targets.length ? 'Scheduled' : 'Accepted' };
}

async function trigger(
  cp: ChargePoint,
  message: TriggerableMessage,
  connectorId: number | undefined,
): Promise<unknown> {
  const connectors: Connector[] = connectorId ? [cp.connector(connectorId)!] : cp.connectors;
  switch (message) {
    case 'BootNotification':
      return cp.bootNotification();
    case 'Heartbeat':
      return cp.send('Heartbeat', {});
    case 'StatusNotification':
      if (connectorId === undefined) return cp.sendStatuses();
      return cp.sendStatus(connectorId, connectorId === 0 ? cp.stationStatus() : connectors[0]!.status);
    case 'MeterValues':
      return Promise.all(connectors.map((connector) => cp.sendMeterValues(connector, 'Trigger')));
    case 'DiagnosticsStatusNotification':
    case 'FirmwareStatusNotification':
      return cp.send(message, { status: 'Idle' });
  }
}
