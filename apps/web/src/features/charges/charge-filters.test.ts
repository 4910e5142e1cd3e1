import { describe, expect, it } from 'vitest';
import { CHARGE_STATUS_COLORS } from '../../components/charge-status-tag.tsx';
import { chargeFiltersToSend, listFilter, listValues } from './charge-filters.ts';
import { durationKey, durationParts } from './charge-format.ts';

describe('charge list filters', () => {
  it('send what the URL holds as the API takes it: lists comma-joined, dates, times, the driver', () => {
    // Every filter passes as it is, but the lists, whose spaces go.
    const asIs = {
      search_by_tx_id: '118',
      status: 'finished,stopped',
      period__from: '2024-03-01',
      period__to: '2024-03-31',
      finished_date__from: '2024-03-02',
      finished_date__to: '2024-03-30',
      finished_time__from: '22:00:00',
      finished_time__to: '06:30:59',
      user: '7',
    };
    expect(
      chargeFiltersToSend({
        ...asIs,
        station_id__in: '3, 5',
        review: 'meter_jump, stop_implausible',
        promotion_id__in: '21, 22',
      }),
    ).toEqual({
      ...asIs,
      station_id__in: '3,5',
      review: 'meter_jump,stop_implausible',
      promotion_id__in: '21,22',
    });
  });

  it('leave out what the server would refuse (an address edited by hand)', () => {
    expect(
      chargeFiltersToSend({
        search_by_tx_id: 'abc',
        station_id__in: '3,x',
        status: 'finished,done',
        period__from: '2023-02-29',
        finished_time__to: '18:00',
        user: '0',
        review: 'absurd',
        promotion_id__in: '21,0',
      }),
    ).toEqual({});
  });

  it('turn a select’s choice into the URL’s comma list and back; nothing chosen is no filter', () => {
    expect(listFilter([3, 5])).toBe('3,5');
    expect(listFilter([])).toBeNull();
    expect(listValues('finished,stopped')).toEqual(['finished', 'stopped']);
    expect(listValues(undefined)).toEqual([]);
  });
});

describe('charge values', () => {
  it('say a duration in hours and minutes, minutes, or seconds under a minute', () => {
    expect(durationParts(5400)).toEqual({ hours: 1, minutes: 30, seconds: 0 });
    expect(durationKey(durationParts(5400))).toBe('hours_minutes');
    expect(durationKey(durationParts(3600))).toBe('hours_minutes');
    expect(durationKey(durationParts(754))).toBe('minutes');
    expect(durationKey(durationParts(40))).toBe('seconds');
    expect(durationParts(-3)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });

  it('colour open charges blue or orange, paid ends green or cyan, failures red', () => {
    expect(CHARGE_STATUS_COLORS).toMatchObject({
      in_progress: 'processing',
      pause: 'orange',
      finished: 'green',
      stopped: 'cyan',
      unauthorized: 'red',
    });
  });
});
