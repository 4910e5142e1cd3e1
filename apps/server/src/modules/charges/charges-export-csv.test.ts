import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '@evcms/contracts/i18n';
import type { Database } from '../../db/client.ts';
import { batchedRows } from '../../lib/exports/batched-rows.ts';
import { csvChunks, csvDialect } from '../../lib/exports/csv.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { filterCharges } from '../../test/charge-fixtures.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { registerDiscountFor } from './charge-discounts.service.ts';
import { copiedChargeCsv } from './charges-export-csv.ts';
import { chargeExportColumns } from './charges-export.ts';
import { chargeExportReader } from './charges-export.repository.ts';
import { chargeWhere, type ChargeFilter } from './charges-filter.ts';
import { localizedValues } from '../../db/schema/localized.ts';
import { promotions } from '../../db/schema/promotions.ts';
import { aPromotionRow } from '../../test/builders/promotions.ts';

/*
 * The csv PostgreSQL and csv-bytes.ts write of the charges (charges-export-csv.ts) must be, byte
 * for byte, the file csv.ts writes of the same charges through the export's columns: any cell one
 * of them changes without the other fails here. PostgreSQL only, as COPY is.
 */

const url = process.env.TEST_DATABASE_URL;
const NOW = new Date('2024-03-03T07:15:42.250Z');

async function bytesOf(pieces: AsyncIterable<Buffer>): Promise<string> {
  const all: Buffer[] = [];
  for await (const piece of pieces) all.push(piece);
  return Buffer.concat(all).toString('utf8');
}

describe.skipIf(!url)('the charge export csv written from COPY', () => {
  let database: Database;

  /** csv.ts's file of the charges, without its BOM and header line. */
  async function expected(filter: ChargeFilter, lang: Lang): Promise<string> {
    const file = await bytesOf(
      csvChunks(
        chargeExportColumns(lang, NOW),
        batchedRows(chargeExportReader(database.db, filter, lang), 3),
        csvDialect(lang),
      ),
    );
    return file.slice(file.indexOf('\r\n') + 2);
  }

  const copied = (filter: ChargeFilter, lang: Lang, driversKept?: number) =>
    bytesOf(copiedChargeCsv(database.db, database.copyLines!, chargeWhere(filter), lang, NOW, driversKept));

  beforeAll(async () => {
    database = await createTestDatabase();
    const { stationA } = await filterCharges(database);
    // Texts a spreadsheet would run or a csv reader would split, in every place a text comes from.
    const awkward = await aDriver(database, {
      surname: '=HYPERLINK("x")',
      firstName: 'O\'Brien, "Jr"',
      phone: '996555000111',
      idTags: ['-TAG"1'],
    });
    const plus = await aChargePoint(database, { name: '+Station, "north"\\east' });
    await aCharge(database, {
      station: plus,
      driverId: awkward.id,
      idTag: '-TAG"1',
      startedAt: new Date('2024-03-03T08:00:00.999999Z'),
      consumedWh: 7,
    });
    const gone = await aChargePoint(database, { name: 'Gone soon' });
    const deleted = await aCharge(database, {
      station: gone,
      startedAt: new Date('2024-03-03T09:00:00Z'),
      finishedAt: new Date('2024-03-05T10:00:01Z'),
    });
    const lines = await aCharge(database, {
      station: stationA,
      startedAt: new Date('2024-03-03T10:00:00Z'),
      stop: false,
    });
    await database.db.execute(sql`update charges set station_id = null where id = ${deleted.id}`);
    await database.db
      .execute(sql`update charges set stop_reason = ${'line\nbreak\ttab \\ back, "quoted"'}, status = 'not_completed',
      last_meter_at = started_at + interval '61 minutes 1.5 seconds' where id = ${lines.id}`);
    await database.db.execute(sql`update charges set stop_reason = ${'@cmd'} where id = (select min(id) from charges)`);
    // A promotion's discount, settled by the price rule: the money cells of both writers are charges-export-amounts.ts's.
    const promotionId = await aPromotionRow(database);
    // A title a spreadsheet would run or a csv reader would split, in each language.
    await database.db
      .update(promotions)
      .set(localizedValues('title', { ru: '=Скидка; "50%"', en: '=Sale, "50%"', ky: '-Арзандатуу\n2' }))
      .where(eq(promotions.id, promotionId));
    const restore = registerDiscountFor(async (_db, charge) => ({
      promotionId,
      discountTyiyn: charge.amountTyiyn / 3,
    }));
    try {
      await aCharge(database, { station: plus, startedAt: new Date('2024-03-03T11:00:00Z'), consumedWh: 3_333 });
    } finally {
      registerDiscountFor(restore);
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(['ru', 'en', 'ky'] as const)('is the csv.ts file of every charge, in %s', async (lang) => {
    const file = await copied({}, lang);
    // Nine charges, each line ended; the discounted one first, its promotion named after the discount.
    expect(file.split('\r\n')).toHaveLength(10);
    const promotion = { ru: `"'=Скидка; ""50%"""`, en: `"'=Sale, ""50%"""`, ky: `"'-Арзандатуу\n2"` }[lang];
    expect(file).toContain(lang === 'en' ? `,33.33,11.11,${promotion},22.22,` : `;33,33;11,11;${promotion};22,22;`);
    expect(file).toBe(await expected({}, lang));
  });

  it('is the same with the drivers read per piece instead of kept', async () => {
    expect(await copied({}, 'ru', 0)).toBe(await expected({}, 'ru'));
  });

  it('keeps to the list’s filter', async () => {
    const filter: ChargeFilter = { statuses: ['finished', 'not_completed'], startedFrom: '2024-03-02' };
    const file = await copied(filter, 'en');
    expect(file.split('\r\n').length).toBeGreaterThan(2);
    expect(file).toBe(await expected(filter, 'en'));
  });

  it('gives nothing for no charge', async () => {
    expect(await copied({ id: 999_999 }, 'ru')).toBe('');
  });
});
