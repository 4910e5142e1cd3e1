import { describe, expect, it } from 'vitest';
import { chooseIdTag, connectorRefusal } from './charge-remote-start.rules.ts';

describe('the tag a remote start for a driver uses', () => {
  it('is the driver’s one unblocked tag; several need choosing, none or only blocked ones refuse', () => {
    expect(
      chooseIdTag([
        { idTag: 'A', blocked: true },
        { idTag: 'B', blocked: false },
      ]),
    ).toEqual({ idTag: 'B' });
    expect(
      chooseIdTag([
        { idTag: 'A', blocked: false },
        { idTag: 'B', blocked: false },
      ]),
    ).toEqual({ refusal: 'several' });
    expect(chooseIdTag([{ idTag: 'A', blocked: true }])).toEqual({ refusal: 'all_blocked' });
    expect(chooseIdTag([])).toEqual({ refusal: 'no_tag' });
  });
});

describe('whether a connector takes a remote start', () => {
  it('does when free, plugged in, finishing or never reported; not when charging, suspended, reserved, unavailable or faulted', () => {
    for (const status of ['Available', 'Preparing', 'Finishing', null] as const)
      expect(connectorRefusal(status, undefined, 'T')).toBeNull();
    for (const status of ['Charging', 'SuspendedEV', 'SuspendedEVSE', 'Reserved', 'Unavailable', 'Faulted'] as const) {
      expect(connectorRefusal(status, undefined, 'T')).toEqual({ refusal: 'unavailable', status });
    }
  });

  it('does not while a charge runs there or waits for another tag, and takes over one waiting with no tag or this one', () => {
    expect(connectorRefusal('Available', { id: 7, status: 'in_progress', idTag: 'T' }, 'T')).toEqual({
      refusal: 'busy',
      chargeId: 7,
    });
    expect(connectorRefusal('Preparing', { id: 7, status: 'pause', idTag: 'X' }, 'T')).toEqual({
      refusal: 'busy',
      chargeId: 7,
    });
    expect(connectorRefusal('Preparing', { id: 8, status: 'initiated', idTag: 'OTHER' }, 'T')).toEqual({
      refusal: 'busy',
      chargeId: 8,
    });
    expect(connectorRefusal('Preparing', { id: 9, status: 'initiated', idTag: null }, 'T')).toBeNull();
    expect(connectorRefusal('Preparing', { id: 9, status: 'initiated', idTag: 't' }, 'T')).toBeNull();
  });
});
