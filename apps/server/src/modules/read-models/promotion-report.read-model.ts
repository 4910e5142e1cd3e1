import { sql, type SQL } from 'drizzle-orm';
import { LANGUAGES } from '@evcms/contracts/i18n';
import type { Localized } from '@evcms/contracts/localized';
import { queryRows, type Db } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { promotions } from '../../db/schema/promotions.ts';

/*
 * The promotions report's read across domains (GET /ads/promotions/report/): the charges each
 * promotion discounted, summed per promotion, with the promotion's title. Which charges count
 * is the charges module's condition (`where`, charges/promotion-charges.service.ts); this sums
 * them and names their promotions.
 */

/** Sums over charges: energy in Wh, money in tyiyn. */
export interface PromotionFigures {
  charges: number;
  /** Distinct drivers: a driver with charges under two promotions counts once in the totals. */
  drivers: number;
  energyWh: number;
  amountTyiyn: number;
  discountTyiyn: number;
  totalTyiyn: number;
}

export interface PromotionReportLine extends PromotionFigures {
  promotionId: number;
  title: Localized;
}

export interface PromotionReportPage {
  lines: PromotionReportLine[];
  /** Promotions the filters keep (the report's rows). */
  total: number;
  totals: PromotionFigures;
}

// Cast to bigint (a count is one, a sum of bigints is numeric): node-postgres gives it as text, read by `figures`.
const FIGURES = sql`count(*)::bigint as "charges", count(distinct ${charges.driverId})::bigint as "drivers",
  coalesce(sum(${charges.consumedWh}), 0)::bigint as "energyWh", coalesce(sum(${charges.amountTyiyn}), 0)::bigint as "amountTyiyn",
  coalesce(sum(${charges.discountTyiyn}), 0)::bigint as "discountTyiyn", coalesce(sum(${charges.totalTyiyn}), 0)::bigint as "totalTyiyn"`;

// The title in each language, under the language's code.
const title = localizedSelection(promotions, 'title');
const TITLE = sql.join(
  LANGUAGES.map((lang) => sql`${title[lang]} as ${sql.identifier(lang)}`),
  sql`, `,
);

type Count = number | string | bigint;
type FiguresRow = Record<keyof PromotionFigures, Count>;
type LineRow = FiguresRow & Localized & { promotionId: number };

function figures(row: FiguresRow): PromotionFigures {
  return {
    charges: Number(row.charges),
    drivers: Number(row.drivers),
    energyWh: Number(row.energyWh),
    amountTyiyn: Number(row.amountTyiyn),
    discountTyiyn: Number(row.discountTyiyn),
    totalTyiyn: Number(row.totalTyiyn),
  };
}

function line(row: LineRow): PromotionReportLine {
  return {
    promotionId: row.promotionId,
    title: Object.fromEntries(LANGUAGES.map((lang) => [lang, row[lang]])) as Localized,
    ...figures(row),
  };
}

/**
 * One page of the report (promotions by number, the newest first; every row without `window`, for
 * the export) with the number of its rows and the totals of all of them, in one pass over the
 * charges: the grouping set `()` sums every kept charge, so its drivers are counted once however
 * many promotions they charged under. Rows and totals so come from one snapshot.
 */
export async function promotionReportPage(
  db: Db,
  where: SQL,
  window: { limit: number; offset: number } | null,
): Promise<PromotionReportPage> {
  const rows = await queryRows<LineRow & { isTotal: number; groups: Count }>(
    db,
    sql`with figures as (
        select ${charges.promotionId} as "promotionId", grouping(${charges.promotionId}) as "isTotal", ${FIGURES}
        from ${charges} where ${where}
        group by grouping sets ((${charges.promotionId}), ())
      ), numbered as (
        select figures.*, count(*) filter (where "isTotal" = 0) over () as "groups",
          row_number() over (partition by "isTotal" order by "promotionId" desc) as "n"
        from figures
      )
      select numbered.*, ${TITLE} from numbered left join ${promotions} on ${promotions.id} = numbered."promotionId"
      ${window ? sql`where numbered."isTotal" = 1 or numbered."n" between ${window.offset + 1} and ${window.offset + window.limit}` : sql``}
      order by numbered."isTotal", numbered."promotionId" desc`,
  );
  const totalRow = rows.find((row) => Number(row.isTotal) === 1)!;
  return {
    lines: rows.filter((row) => Number(row.isTotal) === 0).map(line),
    total: Number(totalRow.groups),
    totals: figures(totalRow),
  };
}
