import type * as ServerClientModule from 'ocpp-rpc/lib/server-client.js';

/*
 * Types of ocpp-rpc that its own declarations (shipped with it, loose in places) do not name
 * plainly under NodeNext: its CommonJS `export default` classes are reached through the module.
 */

/** A charge point's connection as the server holds it (`session` is what the auth callback accepted). */
export type RpcServerClient = ServerClientModule.default;
