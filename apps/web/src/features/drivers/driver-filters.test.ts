import { describe, expect, it } from 'vitest';
import { balanceEntryFiltersToSend, driverFiltersToSend } from './driver-filters.ts';

describe('driver list and ledger filters', () => {
  it('send what the URL holds as the API takes it: the phone’s digits, a whole id', () => {
    expect(
      driverFiltersToSend({
        phone: '+996 (555) 12',
        search_by_user_id: '42',
        registration_date__from: '2024-05-01',
        registration_date__to: '2024-05-31',
        registration_time__from: '22:00:00',
        registration_time__to: '06:30:59',
      }),
    ).toEqual({
      phone: '99655512',
      search_by_user_id: '42',
      registration_date__from: '2024-05-01',
      registration_date__to: '2024-05-31',
      registration_time__from: '22:00:00',
      registration_time__to: '06:30:59',
    });
    expect(balanceEntryFiltersToSend({ period__from: '2024-05-01', period__to: '2024-05-06', user: '7' })).toEqual({
      period__from: '2024-05-01',
      period__to: '2024-05-06',
      user: '7',
    });
  });

  it('leave out what the server would refuse (an address edited by hand)', () => {
    const raw = {
      phone: '555abc',
      search_by_user_id: '0',
      registration_date__from: '2023-02-29',
      registration_date__to: '31.05.2024',
      registration_time__from: '24:00:00',
      registration_time__to: '18:00',
    };
    expect(driverFiltersToSend(raw)).toEqual({});
    expect(balanceEntryFiltersToSend({ period__from: '2024-13-01', user: 'seven' })).toEqual({});
  });
});
