/**
 * Response times of the merchant list search and the tags picker with 10,000 merchants and 1,000
 * tags, through the whole app in process (`app.inject`: routing, validation, SQL, serialisation),
 * and of `GET /accounts/me/`, the lightest signed-in call; then what every signed-in request pays
 * to check that its access token's session lives (`sessionLives`, lib/auth.ts), timed alone.
 * Runs on PGlite in a temporary folder and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a
 * PostgreSQL server, on a fresh database created there; both are removed at the end.
 * Prints p50/p95/max per engine and request kind.  Run: npm run bench:merchants
 */
import { sql } from 'drizzle-orm';
import { STATUS_ACTIVE, STATUS_INACTIVE } from '@evcms/contracts/status';
import type { Database } from '../apps/server/src/db/client.ts';
import { tags } from '../apps/server/src/db/schema/catalog.ts';
import { merchants } from '../apps/server/src/db/schema/merchants.ts';
import { sessionLives } from '../apps/server/src/modules/accounts/accounts.service.ts';
import { addBenchManager, startSignedIn } from './support/api-app.ts';
import { onEachEngine, percentile, timeRequests } from './support/engines.ts';

const MERCHANTS = 10_000;
const TAGS = 1_000;
const RARE = 6;
const N = Number(process.env.N ?? 200);
const WARM_UP = 30;
const CHUNK = 500;

const COMMON_TERM = 'volt';
const RARE_TERM = 'zephyrine';
const FIRST = [
  'Alatoo',
  'Issyk',
  'Chuy',
  'Naryn',
  'Talas',
  'Osh',
  'Batken',
  'Jalal',
  'Tengri',
  'Manas',
  'Ala',
  'Sary',
  'Kok',
  'Ak',
  'Kara',
];
const SECOND = [
  'Volt',
  'Charge',
  'Energy',
  'Power',
  'Grid',
  'Spark',
  'Current',
  'Station',
  'Point',
  'Plug',
  'Amp',
  'Watt',
];
const SECOND_RU = [
  'Вольт',
  'Заряд',
  'Энергия',
  'Сила',
  'Сеть',
  'Искра',
  'Ток',
  'Станция',
  'Точка',
  'Вилка',
  'Ампер',
  'Ватт',
];

function merchantRow(i: number, managerId: number): typeof merchants.$inferInsert {
  const first = FIRST[i % FIRST.length]!;
  const second = i % SECOND.length;
  // Spread the rare word over the table, not at one end of it.
  const rare = i % Math.floor(MERCHANTS / RARE) === 7 ? ' Zephyrine' : '';
  return {
    nameRu: `${first} ${SECOND_RU[second]} ${i}${rare}`,
    nameEn: `${first} ${SECOND[second]} ${i}${rare}`,
    nameKy: `${first} ${SECOND_RU[second]} ${i} ky`,
    agreementNumber: `AG-${String(i).padStart(6, '0')}`,
    legalName: `${first} ${SECOND[second]} LLC ${i}`,
    countryId: 1,
    districtId: 1,
    cityId: 1,
    street: `Street ${i % 300}`,
    phone: `996${String(500_000_000 + i * 37).padStart(9, '0')}`,
    email: `merchant${i}@${first.toLowerCase()}.kg`,
    percentageBp: i % 10_001,
    status: i % 5 === 0 ? STATUS_INACTIVE : STATUS_ACTIVE,
    createdBy: managerId,
  };
}

async function seed(database: Database): Promise<void> {
  const managerId = await addBenchManager(database);
  for (let start = 0; start < MERCHANTS; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, MERCHANTS - start) }, (_, k) =>
      merchantRow(start + k, managerId),
    );
    await database.db.insert(merchants).values(rows);
  }
  for (let start = 0; start < TAGS; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, TAGS - start) }, (_, k): typeof tags.$inferInsert => {
      const i = start + k;
      return {
        titleRu: `Тег ${SECOND_RU[i % SECOND_RU.length]} ${i}`,
        titleEn: `Tag ${SECOND[i % SECOND.length]} ${i}`,
        titleKy: `Тег ${i}`,
        status: i % 4 === 0 ? STATUS_INACTIVE : STATUS_ACTIVE,
      };
    });
    await database.db.insert(tags).values(rows);
  }
}

interface Kind {
  name: string;
  url: (i: number) => string;
}

const page = (i: number) => (i % 5) + 1;
const KINDS: Kind[] = [
  {
    name: `merchants ?search=${COMMON_TERM} (common)`,
    url: (i) => `/api/v1/merchants/?search=${COMMON_TERM}&page=${page(i)}`,
  },
  {
    name: `merchants ?search=${RARE_TERM} (6 rows)`,
    url: (i) => `/api/v1/merchants/?search=${RARE_TERM}&page=${page(i)}`,
  },
  // Two letters give no trigram to look up, so this one shows the search without index help.
  { name: 'merchants ?search=ka (2 letters)', url: (i) => `/api/v1/merchants/?search=ka&page=${page(i)}` },
  {
    name: 'merchants ?search=<id>',
    url: (i) => `/api/v1/merchants/?search=${1 + ((i * 997) % MERCHANTS)}&page=${page(i)}`,
  },
  { name: 'merchants, no search', url: (i) => `/api/v1/merchants/?page=${page(i)}` },
  { name: 'tags ?size=100', url: (i) => `/api/v1/common/tags/?size=100&page=${page(i)}` },
  {
    name: 'tags ?size=100&search=',
    url: (i) => `/api/v1/common/tags/?size=100&search=${SECOND[i % SECOND.length]!.toLowerCase()}&page=${(i % 2) + 1}`,
  },
  { name: 'accounts/me (lightest signed-in call)', url: () => '/api/v1/accounts/me/' },
];

/** The session check alone, as lib/auth.ts makes it for every signed-in request. */
async function timeSessionCheck(database: Database, access: string) {
  const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: number };
  const timings: number[] = [];
  for (let i = 0; i < WARM_UP + N * 5; i += 1) {
    const started = performance.now();
    if (!(await sessionLives({ db: database.db }, Number(claims.sub), claims.sid)))
      throw new Error('the bench session is not live');
    if (i >= WARM_UP) timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), max: timings.at(-1)! };
}

async function measure(engine: string, database: Database, dataDir: string) {
  await database.migrate();
  const seeding = performance.now();
  await seed(database);
  // PostgreSQL's autovacuum analyses a table soon after such a load; PGlite has no autovacuum, so
  // its planner knows nothing of the data until someone runs ANALYZE (BENCH_NO_ANALYZE=1 shows that state).
  const analysed = !process.env.BENCH_NO_ANALYZE;
  if (analysed) await database.db.execute(sql`ANALYZE`);
  const seeded = performance.now() - seeding;
  const { app, access, headers } = await startSignedIn(database, dataDir);
  try {
    const results: { kind: string; p50: number; p95: number; max: number }[] = [];
    for (const kind of KINDS) {
      const timing = await timeRequests((i) => app.inject({ method: 'GET', url: kind.url(i), headers }), {
        n: N,
        warmUp: WARM_UP,
      });
      results.push({ kind: kind.name, ...timing });
    }
    results.push({
      kind: 'session check alone (every signed-in call)',
      ...(await timeSessionCheck(database, access)),
    });
    console.log(
      `\n${engine}: ${MERCHANTS} merchants and ${TAGS} tags seeded in ${(seeded / 1000).toFixed(1)} s${analysed ? ', analysed' : ', NOT analysed'}; ${N} requests per kind, ms`,
    );
    console.log(`  ${'request'.padEnd(44)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}`);
    for (const r of results) {
      console.log(
        `  ${r.kind.padEnd(44)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.max.toFixed(1).padStart(7)}`,
      );
    }
  } finally {
    await app.close();
  }
}

await onEachEngine('merchants', measure);
