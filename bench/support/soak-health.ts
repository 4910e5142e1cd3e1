/**
 * The soak bench's view of the server as a monitor sees it: GET /api/v1/health, one request at a
 * time every `everyMs`, each given 5 s; what it answered (a status, or why nothing came) and how long it took.
 */

export interface HealthSample {
  at: number;
  ms: number;
  /** 200 and `status: ok`. */
  ok: boolean;
  /** The HTTP status, or why there was none (refused, time-out...). */
  answer: string;
}

export function pollHealth(
  url: string,
  everyMs: number,
  signal: AbortSignal,
): { samples: HealthSample[]; done: Promise<void> } {
  const samples: HealthSample[] = [];
  const done = (async () => {
    while (!signal.aborted) {
      const at = Date.now();
      const started = performance.now();
      try {
        // Not tied to `signal` too: AbortSignal.any keeps a listener on it per request. A stop waits for the request in flight.
        const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        const body = (await response.json().catch(() => ({}))) as { status?: string };
        samples.push({
          at,
          ms: performance.now() - started,
          ok: response.status === 200 && body.status === 'ok',
          answer: String(response.status),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        samples.push({ at, ms: performance.now() - started, ok: false, answer: cause ?? (error as Error).name });
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (Date.now() - at))));
    }
  })();
  return { samples, done };
}

export interface HealthSummary {
  requests: number;
  ok: number;
  /** Answers other than ok, by kind: `ECONNREFUSED: 12, 503: 3`. */
  failed: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function summarizeHealth(samples: HealthSample[]): HealthSummary {
  const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? NaN;
  const failed: Record<string, number> = {};
  for (const sample of samples) if (!sample.ok) failed[sample.answer] = (failed[sample.answer] ?? 0) + 1;
  return {
    requests: samples.length,
    ok: samples.filter((sample) => sample.ok).length,
    failed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: times.at(-1) ?? NaN,
  };
}
