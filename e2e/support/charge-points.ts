import type { Paged } from '@evcms/contracts/common';
import type { StationListItem } from '@evcms/contracts/stations';
import { BackOffice } from '../../apps/simulator/src/api.ts';
import { ChargePoint } from '../../apps/simulator/src/charge-point.ts';
import { ADMIN, type RunningServer } from './server.ts';

/*
 * A simulated charge point for specs of the live screens: its station made through the API the
 * way the simulator makes its own (active, at the simulator's merchant, two Type 2 connectors at
 * 12.50 som/kWh, a known OCPP password), and the simulator's charge point running in the test's
 * process against the e2e server's port.
 */

export interface SimulatedStation {
  merchantId: number;
  stationId: number;
  identity: string;
  /** Its name in Russian, as the screens show it. */
  name: string;
  /** Not yet started: the spec decides when it connects. */
  chargePoint: ChargePoint;
}

export async function aSimulatedStation(server: RunningServer, identityPrefix: string): Promise<SimulatedStation> {
  const office = new BackOffice(server.url);
  await office.signIn(ADMIN.email, ADMIN.password);
  const password = 'E2eChargePoint2024Key';
  const [made] = await office.ensureStations({ prefix: identityPrefix, count: 1, connectors: 2, password });
  const { identity } = made!;
  const found = await office.request<Paged<StationListItem>>(
    'GET',
    `/stations/?search=${encodeURIComponent(identity)}`,
  );
  const station = found.items.find((item) => item.identity === identity)!;
  const chargePoint = new ChargePoint({
    endpoint: `${server.url.replace(/^http/, 'ws')}/ocpp`,
    identity,
    password,
    // A sample every few seconds moves the figures on screen without flooding a busy machine; at
    // the connectors' own 22 kW, so the server believes the meter (past 33 kW it marks the charge for review).
    meterIntervalSeconds: 5,
    powerKw: 22,
    rebootSeconds: 0,
  });
  return {
    merchantId: await office.simulatorMerchant(),
    stationId: station.id,
    identity,
    name: `Симулятор ${identity}`,
    chargePoint,
  };
}
