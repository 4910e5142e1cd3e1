import { sql } from 'drizzle-orm';
import { LANGUAGES } from '@evcms/contracts/i18n';
import type { Localized } from '@evcms/contracts/localized';
import type { PartnerFeeModel } from '@evcms/contracts/partners';
import type { Status } from '@evcms/contracts/status';
import { queryRows, type Db } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { partnerMerchants, partners } from '../../db/schema/partners.ts';
import { stations } from '../../db/schema/stations.ts';
import { dayStart } from '../../lib/periods.ts';

/*
 * The partners report's read across domains (GET /partners/report/): per partner, the stations of
 * the merchants it operates and the charges they completed in the period, summed. The fee due is
 * the partners module's arithmetic (partners.rules.ts) over these figures.
 */

export interface PartnerFigures {
  /** Stations of its merchants now. */
  stations: number;
  charges: number;
  energyWh: number;
  /** What the drivers paid, after discounts. */
  turnoverTyiyn: number;
}

export interface PartnerReportLine extends PartnerFigures {
  partnerId: number;
  name: Localized;
  feeModel: PartnerFeeModel;
  feeFixedTyiyn: number | null;
  feePercentBp: number | null;
  startedOn: string;
  status: Status;
}

type Count = number | string | bigint;
type Row = Localized &
  Record<keyof PartnerFigures, Count> & {
    partnerId: number;
    feeModel: PartnerFeeModel;
    feeFixedTyiyn: Count | null;
    feePercentBp: number | null;
    startedOn: string | Date;
    status: Status;
  };

const name = localizedSelection(partners, 'name');
const NAME = sql.join(
  LANGUAGES.map((lang) => sql`${name[lang]} as ${sql.identifier(lang)}`),
  sql`, `,
);

/**
 * Every partner, the newest first. A charge counts for the partner that operates its merchant now
 * when it completed (finished or stopped, paid: result successful) on the Bishkek days from `from`
 * to `to`, and not before the partner's own start date.
 */
export async function partnerReportLines(db: Db, period: { from: string; to: string }): Promise<PartnerReportLine[]> {
  const rows = await queryRows<Row>(
    db,
    sql`with counted as (
        select ${partnerMerchants.partnerId} as "partnerId", count(*)::bigint as "charges",
          coalesce(sum(${charges.consumedWh}), 0)::bigint as "energyWh",
          coalesce(sum(${charges.totalTyiyn}), 0)::bigint as "turnoverTyiyn"
        from ${charges}
        join ${partnerMerchants} on ${partnerMerchants.merchantId} = ${charges.merchantId}
        join ${partners} on ${partners.id} = ${partnerMerchants.partnerId}
        where ${charges.status} in ('finished', 'stopped') and ${charges.result} = 'successful'
          and ${charges.finishedAt} >= ${dayStart(period.from)} and ${charges.finishedAt} < ${dayStart(period.to, 1)}
          and ${charges.finishedAt} >= ${dayStart(sql`${partners.startedOn}`)}
        group by ${partnerMerchants.partnerId}
      ), placed as (
        select ${partnerMerchants.partnerId} as "partnerId", count(*)::bigint as "stations"
        from ${stations} join ${partnerMerchants} on ${partnerMerchants.merchantId} = ${stations.merchantId}
        group by ${partnerMerchants.partnerId}
      )
      select ${partners.id} as "partnerId", ${NAME}, ${partners.feeModel} as "feeModel",
        ${partners.feeFixedTyiyn} as "feeFixedTyiyn", ${partners.feePercentBp} as "feePercentBp",
        ${partners.startedOn}::text as "startedOn", ${partners.status} as "status",
        coalesce(placed."stations", 0) as "stations", coalesce(counted."charges", 0) as "charges",
        coalesce(counted."energyWh", 0) as "energyWh", coalesce(counted."turnoverTyiyn", 0) as "turnoverTyiyn"
      from ${partners}
      left join counted on counted."partnerId" = ${partners.id}
      left join placed on placed."partnerId" = ${partners.id}
      order by ${partners.id} desc`,
  );
  return rows.map((row) => ({
    partnerId: row.partnerId,
    name: Object.fromEntries(LANGUAGES.map((lang) => [lang, row[lang]])) as Localized,
    feeModel: row.feeModel,
    feeFixedTyiyn: row.feeFixedTyiyn === null ? null : Number(row.feeFixedTyiyn),
    feePercentBp: row.feePercentBp,
    startedOn: String(row.startedOn),
    status: row.status,
    stations: Number(row.stations),
    charges: Number(row.charges),
    energyWh: Number(row.energyWh),
    turnoverTyiyn: Number(row.turnoverTyiyn),
  }));
}
