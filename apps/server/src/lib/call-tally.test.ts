import { describe, expect, it } from 'vitest';
import { CallTally } from './call-tally.ts';

describe('CallTally', () => {
  it('counts calls by action and outcome and their times in cumulative buckets', () => {
    const tally = new CallTally([0.01, 0.1]);
    tally.add('Heartbeat', 'result', 0.005);
    tally.add('Heartbeat', 'result', 0.01);
    tally.add('Heartbeat', 'FormatViolation', 0.05);
    tally.add('Heartbeat', 'result', 3);
    tally.add('MeterValues', 'result', 0.2);
    expect(Object.fromEntries([...tally.counts].map(([action, by]) => [action, Object.fromEntries(by)]))).toEqual({
      Heartbeat: { result: 3, FormatViolation: 1 },
      MeterValues: { result: 1 },
    });
    expect(tally.histogramValues('t')).toEqual([
      { metricName: 't_bucket', labels: { le: 0.01, action: 'Heartbeat' }, value: 2 },
      { metricName: 't_bucket', labels: { le: 0.1, action: 'Heartbeat' }, value: 3 },
      { metricName: 't_bucket', labels: { le: '+Inf', action: 'Heartbeat' }, value: 4 },
      { metricName: 't_sum', labels: { action: 'Heartbeat' }, value: expect.closeTo(3.065, 9) },
      { metricName: 't_count', labels: { action: 'Heartbeat' }, value: 4 },
      { metricName: 't_bucket', labels: { le: 0.01, action: 'MeterValues' }, value: 0 },
      { metricName: 't_bucket', labels: { le: 0.1, action: 'MeterValues' }, value: 0 },
      { metricName: 't_bucket', labels: { le: '+Inf', action: 'MeterValues' }, value: 1 },
      { metricName: 't_sum', labels: { action: 'MeterValues' }, value: 0.2 },
      { metricName: 't_count', labels: { action: 'MeterValues' }, value: 1 },
    ]);
  });
});
