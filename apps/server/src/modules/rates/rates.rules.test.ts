import { describe, expect, it } from 'vitest';
import { activationConflict, canDelete, canEdit, type RateSlot } from './rates.rules.ts';

const slot = (id: number, overrides: Partial<RateSlot> = {}): RateSlot => ({
  id,
  name: `Rate ${id}`,
  type: 'default',
  typo: 'type2',
  merchantIds: [],
  ...overrides,
});

describe('deleting and editing a rate', () => {
  it('deletes only an inactive rate', () => {
    expect(canDelete({ status: 0 })).toBe(false);
    expect(canDelete({ status: 1 })).toBe(true);
  });

  it('edits an inactive rate freely and an active one only in its status', () => {
    expect(canEdit({ status: 1 }, { name: 'x', price: 100, status: 0 })).toBe(true);
    expect(canEdit({ status: 0 }, { status: 1 })).toBe(true);
    expect(canEdit({ status: 0 }, {})).toBe(true);
    expect(canEdit({ status: 0 }, { name: 'x' })).toBe(false);
    expect(canEdit({ status: 0 }, { status: 1, price: 100 })).toBe(false);
    expect(canEdit({ status: 0 }, { merchants: [] })).toBe(false);
  });
});

describe('one active rate per connector type', () => {
  it('refuses a second active default rate of a type, naming the active one', () => {
    const active = slot(1, { name: 'Main' });
    expect(activationConflict([slot(2)], [active])).toEqual({ kind: 'default', rival: active });
    expect(activationConflict([slot(2, { typo: 'ccs2' })], [active])).toBeUndefined();
    expect(activationConflict([slot(2)], [])).toBeUndefined();
  });

  it('does not count a default rate against a personal one, or the reverse', () => {
    expect(activationConflict([slot(2, { type: 'personal', merchantIds: [5] })], [slot(1)])).toBeUndefined();
    expect(activationConflict([slot(2)], [slot(1, { type: 'personal', merchantIds: [5] })])).toBeUndefined();
  });

  it('refuses a second active personal rate of a type for one merchant, naming it and the merchant', () => {
    const active = slot(1, { type: 'personal', merchantIds: [5, 6] });
    expect(activationConflict([slot(2, { type: 'personal', merchantIds: [7, 6] })], [active])).toEqual({
      kind: 'personal',
      rival: active,
      merchantId: 6,
    });
    expect(activationConflict([slot(2, { type: 'personal', merchantIds: [7] })], [active])).toBeUndefined();
    expect(
      activationConflict([slot(2, { type: 'personal', typo: 'ccs2', merchantIds: [5] })], [active]),
    ).toBeUndefined();
  });

  it('checks rates activated together against each other', () => {
    const first = slot(2, { name: 'First' });
    expect(activationConflict([first, slot(3)], [])).toEqual({ kind: 'default', rival: first });
    const personal = slot(4, { type: 'personal', merchantIds: [5] });
    expect(activationConflict([personal, slot(5, { type: 'personal', merchantIds: [5] })], [])).toEqual({
      kind: 'personal',
      rival: personal,
      merchantId: 5,
    });
  });

  it('lets a rate that is already active be activated again', () => {
    const active = slot(1);
    expect(activationConflict([active], [active])).toBeUndefined();
  });
});
