import type { Partner } from '@evcms/contracts/partners';

/** A partner as the API answers it, for the screen tests: 10 % of its merchants' turnover since 2024. */
export const aPartner = (id: number, name: string, overrides: Partial<Partner> = {}): Partner => ({
  id,
  name,
  name_ru: name,
  name_en: name,
  name_ky: name,
  legal_name: `${name} LLC`,
  contract_number: `PC-${id}`,
  contact_person: 'Bakyt Asanov',
  phone: '996700123456',
  email: `partner${id}@example.kg`,
  fee_model: 'percent',
  fee_fixed: null,
  fee_percent: 10,
  started_on: '2024-01-01',
  status: 1,
  merchant_ids: [],
  merchants: [],
  created_at: '2024-01-01T04:00:00.000Z',
  ...overrides,
});
