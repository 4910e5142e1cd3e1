import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createAccessTokens } from './lib/access-tokens.ts';
import { isPublicRoute, registerAuth, type SessionCheck } from './lib/auth.ts';
import { createBackground, type Background } from './lib/background.ts';
import { registerCompression } from './lib/compression.ts';
import { registerCsrf } from './lib/csrf.ts';
import { frameworkErrors, registerErrorHandler } from './lib/error-handler.ts';
import { httpServerOptions, registerBodyPace } from './lib/http-timeouts.ts';
import { registerLang } from './lib/lang.ts';
import { registerNulGuard } from './lib/nul-guard.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerSpa } from './lib/spa.ts';
import { startupMark } from './lib/startup-trace.ts';
import { loadSecret } from './lib/secrets.ts';
import { forwardedOverTls } from './lib/forwarded-tls.ts';
import { httpsServerOptions } from './lib/tls-server.ts';
import { registerUploads } from './lib/uploads.ts';
import { appFeedRoutes } from './modules/app-feed/app-feed.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { sessionLives } from './modules/accounts/accounts.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { chargeCommandsRoutes } from './modules/charges/charge-commands.routes.ts';
import { chargeRemoteStartRoutes } from './modules/charges/charge-remote-start.routes.ts';
import { chargesRoutes } from './modules/charges/charges.routes.ts';
import { driversRoutes } from './modules/drivers/drivers.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mapRoutes } from './modules/map/map.routes.ts';
import { merchantsRoutes } from './modules/merchants/merchants.routes.ts';
import { createPromotionSweep } from './modules/promotions/promotion-sweep.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { promoCodesRoutes } from './modules/promo-codes/promo-codes.routes.ts';
import { promotionReportRoutes } from './modules/promotions/promotion-report.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { partnerReportRoutes } from './modules/partners/partner-report.routes.ts';
import { ratesRoutes } from './modules/rates/rates.routes.ts';
import { liveEventsRoutes } from './modules/live-events/live-events.routes.ts';
import { stationCommandsRoutes } from './modules/stations/station-commands.routes.ts';
import { stationMessagesRoutes } from './modules/stations/station-messages.routes.ts';
import { stationsRoutes } from './modules/stations/stations.routes.ts';
import { registerDiscountFor } from './modules/charges/charge-discounts.service.ts';
import { promotionDiscountFor, sharePromotionChanges } from './modules/promotions/promotion-discounts.service.ts';
import { localBus } from './lib/bus.ts';
import { createLiveEvents } from './lib/live-events.ts';
import { announceLinkChanged, registerOcpp } from './ocpp/server.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { registerReferrals } from './modules/referrals/referrals.service.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { registerAnalytics } from './modules/analytics/analytics.service.ts';
import { createMetrics } from './lib/metrics.ts';
import { registerMetrics } from './lib/metrics-route.ts';
import { countCharges } from './modules/charges/charges-count.repository.ts';
import { heatMapRoutes } from './modules/analytics/heat-map.routes.ts';
import { merchantReportRoutes } from './modules/analytics/merchant-report.routes.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Unset: SMTP_URL or the .eml outbox, as configured. */
  mailer?: Mailer;
  /** A promise while the process starts: the app is built while the database opens (serve.ts). */
  jwtSecret: string | Promise<string>;
  /** The stations' key (loadSecret's 'station-key'), likewise; read from the database when not given. */
  stationKey?: Promise<string>;
  logger?: FastifyServerOptions['logger'];
}

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the test that proves each non-public one needs a token. */
    routeTable: RouteEntry[];
    /** Work started by requests and not awaited by them; closing the app waits for it. */
    background: Background;
  }
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole HTTP app: infrastructure plugins, then domain routes, then the web app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const server = httpServerOptions(config.http);
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    // A number of proxy hops is given to Fastify as the function that trusts that many.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // `/merchants` and `/merchants/` are one route: the spec's paths end in a slash, clients drop it.
    routerOptions: { ignoreTrailingSlash: true },
    // Requests are checked and answers written by the zod schemas' compilers. Given here (Fastify's
    // types know only its JSON-schema ones), Fastify does not load its defaults, ajv and
    // fast-json-stringify: a tenth of a second of a start (issue 34).
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializerCompiler,
      } as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'],
    },
    ...server,
    // With TLS_CERT and TLS_KEY, HTTPS and wss:// on the same port; the app sees the same requests.
    ...(config.tls && { https: httpsServerOptions(config.tls, server.http) }),
  });
  registerBodyPace(app, config.http);
  // One line per request instead of Fastify's two multi-line entries; the query string stays out
  // of the log because it can carry secrets (the password-reset token).
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    request.log.info(`${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`);
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, public: isPublicRoute(route) });
  });

  // The pools replace what the database ended; the log says when, and which pool.
  const notHearing = database.onConnectionLost?.((pool, error) =>
    app.log.warn({ err: error, pool }, 'database connection lost; the pool opens another'),
  );
  if (notHearing) app.addHook('onClose', async () => void notHearing());

  const background = createBackground(app.log);
  app.decorate('background', background);
  app.addHook('onClose', () => background.idle());

  const tokens = createAccessTokens(deps.jwtSecret, config.accessTokenTtlSeconds);
  registerLang(app);
  registerErrorHandler(app);
  registerNulGuard(app);
  await registerCompression(app);
  await registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https:'),
    mapTileUrl: config.mapTileUrl,
    geocoderUrl: config.geocoderUrl,
  });
  await app.register(cookie);
  registerCsrf(app);
  const sessionCheck: SessionCheck = (managerId, sessionId) => sessionLives({ db: database.db }, managerId, sessionId);
  registerAuth(app, tokens, sessionCheck);
  const metrics = await createMetrics(config.metricsToken !== undefined);
  registerMetrics(app, metrics, config.metricsToken);
  metrics.reading('charges_in_progress', 'Charges in progress on the whole network', () =>
    countCharges(database.db, { statuses: ['in_progress'] }),
  );
  metrics.readings(
    'db_pool_connections',
    'Database connections by pool and state (total, idle, waiting: queries waiting for one)',
    ['pool', 'state'],
    () =>
      (database.poolStats?.() ?? []).flatMap(({ pool, ...states }) =>
        Object.entries(states).map(([state, value]) => ({ labels: { pool, state }, value })),
      ),
  );
  startupMark('app: plugins and metrics');
  await registerOpenApi(app);
  startupMark('app: OpenAPI');
  const media = await registerUploads(app, config.dataDir);
  startupMark('app: uploads');

  const accountsDeps = {
    db: database.db,
    background,
    tokens,
    mailer:
      deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
    publicUrl: config.publicUrl,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    rememberRefreshTtlSeconds: config.rememberRefreshTokenTtlSeconds,
  };
  await app.register(healthRoutes(database), { prefix: '/api/v1' });
  await app.register(accountsRoutes(accountsDeps), { prefix: '/api/v1/accounts' });
  await app.register(catalogRoutes({ db: database.db, media }), { prefix: '/api/v1' });
  await app.register(merchantsRoutes({ db: database.db }), { prefix: '/api/v1' });
  await app.register(mapRoutes(config), { prefix: '/api/v1' });
  // Between the processes sharing the database: a station's socket is held by one of them.
  const bus = database.url
    ? (await import('./lib/postgres-bus.ts')).postgresBus(database.url, app.log)
    : localBus(app.log);
  const linkChanged = (stationId: number) => announceLinkChanged(bus, stationId, app.log);
  await app.register(stationMessagesRoutes({ db: database.db }), { prefix: '/api/v1' });
  const events = createLiveEvents(bus, app.log);
  app.addHook('onClose', async () => {
    await events.close();
    await bus.close();
  });
  await app.register(liveEventsRoutes({ events, sessionLives: sessionCheck }), { prefix: '/api/v1' });
  // These prefixes end in a slash so that their root routes ('/') keep the spec's path with its slash
  // (in the OpenAPI document too): ignoring trailing slashes, Fastify registers a prefixed root once.
  await app.register(ratesRoutes({ db: database.db }), { prefix: '/api/v1/payments/' });
  await app.register(promotionsRoutes({ db: database.db, media }), { prefix: '/api/v1/ads/promotions/' });
  await app.register(bannersRoutes({ db: database.db, media }), { prefix: '/api/v1/ads/banners/' });
  await app.register(promoCodesRoutes({ db: database.db }), { prefix: '/api/v1/ads/promo-codes/' });
  const promotionSweep = createPromotionSweep(database.db, app.log);
  app.addHook('onClose', () => promotionSweep.close());
  await app.register(driversRoutes({ db: database.db }), { prefix: '/api/v1/users/' });
  await app.register(chargesRoutes({ db: database.db, copyRows: database.copyRows, copyLines: database.copyLines }), {
    prefix: '/api/v1/users/transactions/',
  });
  // Every charge is priced through the promotions' choice (one per process: it reads the database it is given).
  registerDiscountFor(promotionDiscountFor);
  const stopSharing = sharePromotionChanges(bus, app.log);
  app.addHook('onClose', async () => stopSharing());
  await app.register(promotionReportRoutes({ db: database.db }), { prefix: '/api/v1/ads/promotions/report/' });
  await app.register(appFeedRoutes({ db: database.db, requestsPerMinute: config.appFeedRequestsPerMinute }), {
    prefix: '/api/v1/app/feed/',
  });
  await app.register(partnersRoutes({ db: database.db }), { prefix: '/api/v1/partners/' });
  await app.register(partnerReportRoutes({ db: database.db }), { prefix: '/api/v1/partners/report/' });
  // The inviter's code at registration and the bonuses of a paid charge (stateless: one per process).
  registerReferrals();
  await app.register(referralsRoutes({ db: database.db }), { prefix: '/api/v1' });
  // Each settled charge counted in the dashboard's read model (stateless: one per process).
  registerAnalytics();
  await app.register(analyticsRoutes({ db: database.db }), { prefix: '/api/v1/analytics/' });
  await app.register(merchantReportRoutes({ db: database.db }), { prefix: '/api/v1/analytics/merchant-report/' });
  await app.register(heatMapRoutes({ db: database.db }), { prefix: '/api/v1/stations/heat-map/' });
  // Last of the routes, the two that need the stations' key: when the process starts it is read from
  // the database, which opens while the routes above are built (serve.ts, issue 34). A secret the
  // process cannot start with (a ConfigError) stops it here, before the central system records it.
  let passwordKey: string;
  try {
    [passwordKey] = await Promise.all([
      deps.stationKey ?? loadSecret(database.db, config.stationKeySecret, config.dataDir, 'station-key'),
      deps.jwtSecret,
    ]);
  } catch (error) {
    await app.close();
    throw error;
  }
  await app.register(stationsRoutes({ db: database.db, media, passwordKey, linkChanged }), { prefix: '/api/v1' });
  startupMark('app: routes');
  const ocpp = await registerOcpp(app, {
    database,
    events,
    bus,
    passwordKey,
    heartbeatIntervalSeconds: config.ocppHeartbeatIntervalSeconds,
    messageLogDays: config.ocppMessageLogDays,
    commandTimeoutMs: config.ocppCommandTimeoutSeconds * 1000,
    minimumBalanceTyiyn: config.ocppMinimumBalanceTyiyn,
    dataTransferVendors: config.ocppDataTransferVendors,
    offlineChargeLimitSeconds: config.ocppOfflineChargeLimitSeconds,
    startTimeoutSeconds: config.ocppStartTimeoutSeconds,
    clockSkewMs: config.ocppClockSkewSeconds * 1000,
    powerCeilingW: config.ocppPowerCeilingKw * 1000,
    metrics,
    forwardedTls: forwardedOverTls(config.trustProxy),
  });
  // Commands go out through the central system, so their routes come after it.
  await app.register(stationCommandsRoutes({ db: database.db, command: ocpp.command }), { prefix: '/api/v1' });
  await app.register(
    chargeCommandsRoutes({
      db: database.db,
      command: ocpp.command,
      commandTimeoutMs: config.ocppCommandTimeoutSeconds * 1000,
    }),
    { prefix: '/api/v1/users/transactions' },
  );
  const remoteStartDeps = {
    db: database.db,
    command: ocpp.command,
    events,
    minimumBalanceTyiyn: config.ocppMinimumBalanceTyiyn,
  };
  await app.register(chargeRemoteStartRoutes(remoteStartDeps), { prefix: '/api/v1' });

  startupMark('app: central system and commands');
  await registerSpa(app, config.webDist);
  startupMark('app: web app');
  return app;
}
