import { merchantForUpdate, type Merchant, type MerchantForUpdate } from '@evcms/contracts/merchants';

/* A merchant as the API answers it, for the screen tests. */

export const aMerchantRecord = (extra: Partial<Merchant> = {}): Merchant => ({
  id: 5,
  name: 'Volt',
  name_ru: 'Вольт',
  name_en: 'Volt',
  name_ky: 'Вольт',
  agreement_number: 'A-5',
  legal_name: 'Volt LLC',
  country: 1,
  district: null,
  city: 2,
  country_name: 'Kyrgyzstan',
  district_name: null,
  city_name: 'Bishkek',
  street: 'Chui 1',
  phone: '996555123456',
  email: 'volt@example.kg',
  percentage: 10,
  status: 0,
  stations_count: 1,
  active_stations: 1,
  inactive_stations: 0,
  created_by: 'Administrator',
  created_at: '2024-05-06T08:30:00.000Z',
  tags: [],
  environment: [],
  tag_items: [],
  environment_items: [],
  schedule: [],
  ...extra,
});

/** The same merchant as its edit form loads it (GET /merchants/for-update/): the contract's schema keeps its fields. */
export const aMerchantForUpdate = (extra: Partial<MerchantForUpdate> = {}): MerchantForUpdate => ({
  ...merchantForUpdate.parse(aMerchantRecord()),
  ...extra,
});
