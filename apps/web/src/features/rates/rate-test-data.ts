import type { Rate } from '@evcms/contracts/rates';

/** A rate as the API answers it, for the screen tests. */
export const aRate = (id: number, name: string, overrides: Partial<Rate> = {}): Rate => {
  const status = overrides.status ?? 1;
  return {
    id,
    name,
    type: 'default',
    typo: 'type2',
    typo_name: 'Type 2 (Mennekes)',
    price: 12.5,
    merchants: [],
    created_at: '2024-05-06T08:30:00.000Z',
    ...overrides,
    status,
    active: status === 0,
  };
};

export const CONNECTOR_TYPES = { type2: 'Type 2 (Mennekes)', ccs2: 'CCS Combo 2', chademo: 'CHAdeMO' };
