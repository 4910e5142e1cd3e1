import { describe, expect, it } from 'vitest';
import { chargeListItem } from '../charges.ts';
import { promotionListItem } from '../promotions.ts';
import { z } from '../schema.ts';
import { station } from '../stations.ts';
import { finishedCharge } from './charges.ts';
import { tenPercentInDecember } from './promotions.ts';
import { chui1Address, neverConnected } from './stations.ts';

describe('the example records', () => {
  it('are answers the response schemas let through unchanged', () => {
    expect(chargeListItem.parse(finishedCharge)).toEqual(finishedCharge);
    expect(promotionListItem.parse(tenPercentInDecember)).toEqual(tenPercentInDecember);
    const stationParts = { ...neverConnected, ...chui1Address };
    expect(z.partial(station).parse(stationParts)).toEqual(stationParts);
  });
});
