import type { MerchantReport, MerchantStationsReport } from '@evcms/contracts/analytics';
import { jsonResponse } from '../../lib/test-fetch.ts';

/* The merchant report's answers for the screen tests: two merchants, one with two stations. */

export const merchantReport = (items: MerchantReport['items'] = REPORT_ROWS): Response =>
  jsonResponse(200, {
    items,
    totals: {
      stations: 4,
      charges: 1205,
      energy: 12_355.678,
      turnover: 150_250,
      merchant_share: 120_050,
      network_share: 30_200,
    },
  } satisfies MerchantReport);

export const REPORT_ROWS: MerchantReport['items'] = [
  {
    merchant: 7,
    name: 'Too Energy',
    percentage: 80,
    stations: 3,
    charges: 1204,
    energy: 12_345.678,
    turnover: 150_000,
    merchant_share: 120_000,
    network_share: 30_000,
  },
  {
    merchant: 9,
    name: 'Osh Volt',
    percentage: 20,
    stations: 1,
    charges: 1,
    energy: 10,
    turnover: 250,
    merchant_share: 50,
    network_share: 200,
  },
];

export const merchantStations = (): Response =>
  jsonResponse(200, {
    merchant: 7,
    name: 'Too Energy',
    percentage: 80,
    items: [
      {
        station: 31,
        name: 'Dordoi Plaza',
        stations: 1,
        charges: 1000,
        energy: 10_000.5,
        turnover: 120_000,
        merchant_share: 96_000,
        network_share: 24_000,
      },
      {
        station: 32,
        name: 'Vefa Center',
        stations: 1,
        charges: 204,
        energy: 2345.178,
        turnover: 30_000,
        merchant_share: 24_000,
        network_share: 6000,
      },
    ],
    totals: {
      stations: 2,
      charges: 1204,
      energy: 12_345.678,
      turnover: 150_000,
      merchant_share: 120_000,
      network_share: 30_000,
    },
  } satisfies MerchantStationsReport);
