import type { Station } from '../stations.ts';

/*
 * Parts of the stations' answers, shared by the server's tests (what the API answers) and the web's
 * test data (what a screen is given). For tests only: lint refuses an import from any other file.
 */

/** What a station that has never connected answers of its OCPP side. */
export const neverConnected: Pick<
  Station,
  | 'online'
  | 'last_seen_at'
  | 'boot'
  | 'ocpp_status'
  | 'diagnostics_status'
  | 'diagnostics_status_at'
  | 'firmware_status'
  | 'firmware_status_at'
> = {
  online: false,
  last_seen_at: null,
  boot: null,
  ocpp_status: null,
  diagnostics_status: null,
  diagnostics_status_at: null,
  firmware_status: null,
  firmware_status_at: null,
};

/** The address Chui 1 in the three languages, answered in English. */
export const chui1Address: Pick<Station, 'address' | 'address_ru' | 'address_en' | 'address_ky'> = {
  address: 'Chui 1',
  address_ru: 'Чуй 1',
  address_en: 'Chui 1',
  address_ky: 'Чүй 1',
};
