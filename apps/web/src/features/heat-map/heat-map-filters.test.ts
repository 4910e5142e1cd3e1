import { describe, expect, it } from 'vitest';
import { heatMapRequest, hoursFromParams, metricFromParams, withChoices } from './heat-map-filters.ts';

const params = (search: string) => new URLSearchParams(search);

describe('the heat map filters in the address', () => {
  it('reads a time of day with both ends in range, else whole days', () => {
    expect(hoursFromParams(params('hours__from=22&hours__to=6'))).toEqual({ from: 22, to: 6 });
    expect(hoursFromParams(params('hours__from=0&hours__to=24'))).toEqual({ from: 0, to: 24 });
    expect(hoursFromParams(params('hours__from=8'))).toBeNull();
    expect(hoursFromParams(params('hours__from=24&hours__to=6'))).toBeNull();
    expect(hoursFromParams(params('hours__from=8&hours__to=0'))).toBeNull();
    expect(hoursFromParams(params('hours__from=x&hours__to=9'))).toBeNull();
  });

  it('reads the metric, charges unless the average bill is asked', () => {
    expect(metricFromParams(params('metric=average_bill'))).toBe('average_bill');
    expect(metricFromParams(params('metric=turnover'))).toBe('charges');
  });

  it('writes the choices and keeps the period', () => {
    const start = params('period=week&metric=average_bill');
    expect(withChoices(start, { hours: { from: 8, to: 12 } }).toString()).toBe(
      'period=week&metric=average_bill&hours__from=8&hours__to=12',
    );
    expect(
      withChoices(params('period=week&hours__from=8&hours__to=12'), { hours: null, metric: 'charges' }).toString(),
    ).toBe('period=week');
  });

  it('asks the API for the period with the hours when chosen', () => {
    expect(heatMapRequest({ period: 'day' }, null)).toEqual({ period: 'day' });
    expect(heatMapRequest({ period: 'day' }, { from: 22, to: 6 })).toEqual({
      period: 'day',
      hours__from: 22,
      hours__to: 6,
    });
  });
});
