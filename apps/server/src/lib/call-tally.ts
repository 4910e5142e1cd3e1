/*
 * The OCPP calls' counts and times, tallied in plain numbers as they happen and handed to
 * prom-client only when Prometheus scrapes (lib/metrics.ts). Counting every call through
 * prom-client's own `inc` and `observe` (label checks, a key string and objects a call) made the
 * server's CPU a call 9-10% higher at 2,000 calls/s (`bench:ocpp`, docs/performance.md, "Metrics").
 */

/** A call's time in seconds falls in the first bucket it is at most; above the last, in +Inf. */
export class CallTally {
  /** Calls by action, then outcome. */
  readonly counts = new Map<string, Map<string, number>>();
  /** By action: calls per bucket (not cumulative; one more for +Inf), their seconds' sum and count. */
  readonly times = new Map<string, { buckets: Float64Array; sum: number; count: number }>();

  constructor(readonly bounds: readonly number[]) {}

  add(action: string, outcome: string, seconds: number): void {
    let outcomes = this.counts.get(action);
    if (!outcomes) this.counts.set(action, (outcomes = new Map()));
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    let time = this.times.get(action);
    if (!time) this.times.set(action, (time = { buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 }));
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket += 1;
    time.buckets[bucket]! += 1;
    time.sum += seconds;
    time.count += 1;
  }

  /** The histogram's samples as Prometheus reads them: cumulative buckets with `le`, then sum and count. */
  histogramValues(name: string): { metricName: string; labels: Record<string, string | number>; value: number }[] {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const [action, time] of this.times) {
      let below = 0;
      time.buckets.forEach((calls, bucket) => {
        below += calls;
        const le = bucket < this.bounds.length ? this.bounds[bucket]! : '+Inf';
        values.push({ metricName: `${name}_bucket`, labels: { le, action }, value: below });
      });
      values.push({ metricName: `${name}_sum`, labels: { action }, value: time.sum });
      values.push({ metricName: `${name}_count`, labels: { action }, value: time.count });
    }
    return values;
  }
}
