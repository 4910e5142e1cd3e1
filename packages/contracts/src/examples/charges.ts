import type { ChargeListItem } from '../charges.ts';

/*
 * Example records of the charges' answers, shared by the server's tests (what the API answers) and the
 * web's test data (what a screen is given). For tests only: lint refuses an import from any other file.
 */

/** A driver's finished charge of 12.345 kWh at 10 a kWh, paid from the balance, as the charge list answers it. */
export const finishedCharge: ChargeListItem = {
  id: 1,
  driver: { id: 7, name: 'Asanov Bakyt', phone: '996555123456', account: '10000007' },
  id_tag: '04A1B2C3',
  station: { id: 3, name: 'Ala-Too' },
  connector: { ocpp_16_id: 2, typo: 'ccs2', typo_name: 'CCS Combo 2' },
  started_at: '2024-05-06T08:30:00.000Z',
  finished_at: '2024-05-06T10:00:00.000Z',
  duration_seconds: 5400,
  consumed: 12.345,
  price: 10,
  amount: 123.45,
  discount: 0,
  promotion: null,
  promotion_name: null,
  total: 123.45,
  payment_method: 'balance',
  payment_method_name: 'Personal balance',
  status: 'finished',
  status_name: 'Finished',
  result: 'successful',
  stop_reason: 'EVDisconnected',
  refusal: null,
  review_reason: null,
  source: 'card',
  source_name: 'Card at the station',
};
