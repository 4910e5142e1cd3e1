import { RPCServer } from 'ocpp-rpc';
import { afterAll, vi } from 'vitest';
import type { ServerClient } from './central-system.ts';

/*
 * The real server's side of each charge point's connection, as ocpp-rpc's RPCServer announces it
 * (its 'client' event): a test calls the charge point through it (Reset, TriggerMessage, ...)
 * without going through the back office's command API, and sees the calls it received.
 */

export interface ServerConnections {
  /** The latest connection of `identity` (waits for it). */
  of(identity: string): Promise<ServerClient>;
  /** Every connection of `identity` so far, oldest first. */
  all(identity: string): ServerClient[];
  /** The actions the server received from `identity`, over all its connections. */
  received(identity: string): string[];
}

/** Watches every RPCServer of this test file's process from now until its last test. */
export function watchServerConnections(): ServerConnections {
  const connections = new Map<string, ServerClient[]>();
  const received = new Map<string, string[]>();
  const emit = RPCServer.prototype.emit;
  RPCServer.prototype.emit = function (this: RPCServer, event: string | symbol, ...args: unknown[]) {
    if (event === 'client') {
      const client = args[0] as ServerClient;
      const identity = client.identity!;
      connections.set(identity, [...(connections.get(identity) ?? []), client]);
      client.on('call', ({ outbound, payload }: { outbound: boolean; payload: unknown[] }) => {
        if (!outbound) received.set(identity, [...(received.get(identity) ?? []), String(payload[2])]);
      });
    }
    return emit.call(this, event, ...args);
  };
  afterAll(() => {
    RPCServer.prototype.emit = emit;
  });
  const all = (identity: string) => connections.get(identity) ?? [];
  return {
    all,
    of: (identity) =>
      vi.waitFor(() => {
        const latest = all(identity).at(-1);
        if (!latest) throw new Error(`${identity} has not connected`);
        return latest;
      }),
    received: (identity) => received.get(identity) ?? [],
  };
}
