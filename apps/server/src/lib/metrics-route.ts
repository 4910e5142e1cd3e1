import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from './errors.ts';
import type { Metrics } from './metrics.ts';

/*
 * GET /metrics for Prometheus, only when METRICS_TOKEN is set, and then only with it as a bearer
 * token: the counts tell an outsider how busy the network is and which routes exist. Outside the
 * API's sign-in (a scraper has no manager's session), and out of the OpenAPI document.
 */

const same = (given: string, token: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
};

export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (!metrics.enabled || token === undefined) return;
  // Each answer counted by its route's pattern; a URL no route has is `unmatched` (not the URL: endless labels).
  app.addHook('onResponse', async (request, reply) => {
    metrics.http.answered(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !same(header.slice(7).trim(), token)) throw unauthorized();
    const { contentType, text } = await metrics.scrape();
    return reply.type(contentType).send(text);
  });
}
