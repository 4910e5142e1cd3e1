import { afterEach, expect, it, vi } from 'vitest';
import { Fleet } from './fleet.ts';
import { startCentralSystem, type CentralSystem } from './test/central-system.ts';

/*
 * A fleet with more drivers than free connectors, against a stand-in central system: the drivers
 * waiting for a connector wait quietly, however many they are.
 */

let central: CentralSystem | undefined;
let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.stop();
  await central?.close();
});

it('lets many drivers wait for a connector without a listener-leak warning', async () => {
  central = await startCentralSystem();
  const warnings: string[] = [];
  const warned = (warning: Error) => warnings.push(warning.name);
  process.on('warning', warned);
  try {
    fleet = new Fleet({
      endpoint: central.endpoint,
      stations: [{ identity: 'CP-WAITS', password: 'Abcdefgh12345678', connectors: 1 }],
      idTags: Array.from({ length: 20 }, (_, i) => `DRIVER-${i}`),
      sessions: 20,
      sessionSeconds: 60,
      meterIntervalSeconds: 0,
      powerKw: 22,
    });
    await fleet.start();
    // One driver charges; nineteen wait for the connector, each on the fleet's stop signal.
    await vi.waitFor(() => expect(central!.sent('StartTransaction')).toHaveLength(1));
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  } finally {
    process.off('warning', warned);
  }
});
