import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Localized } from '@evcms/contracts/localized';
import type { PartnerFeeModel } from '@evcms/contracts/partners';
import { statusOf, type Status } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { partnerMerchants, partners } from '../../db/schema/partners.ts';
import { lockInIdOrder } from '../../lib/bulk.ts';
import { recordSearch } from '../../lib/search.ts';

export type PartnerValues = Omit<typeof partners.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'searchText'>;

/** A partner as the service works with it, with the ids of the merchants it operates (ascending). */
export interface PartnerRecord {
  id: number;
  name: Localized;
  legalName: string;
  contractNumber: string;
  contactPerson: string;
  phone: string;
  email: string;
  feeModel: PartnerFeeModel;
  feeFixedTyiyn: number | null;
  feePercentBp: number | null;
  startedOn: string;
  status: Status;
  createdAt: Date;
  merchantIds: number[];
}

const COLUMNS = {
  id: partners.id,
  name: localizedSelection(partners, 'name'),
  legalName: partners.legalName,
  contractNumber: partners.contractNumber,
  contactPerson: partners.contactPerson,
  phone: partners.phone,
  email: partners.email,
  feeModel: partners.feeModel,
  feeFixedTyiyn: partners.feeFixedTyiyn,
  feePercentBp: partners.feePercentBp,
  startedOn: partners.startedOn,
  status: partners.status,
  createdAt: partners.createdAt,
};

/** The rows with their merchants' ids: one more query whatever the number of rows. */
async function withMerchantIds(db: Db, rows: Omit<PartnerRecord, 'merchantIds'>[]): Promise<PartnerRecord[]> {
  if (!rows.length) return [];
  const links = await db
    .select({ partnerId: partnerMerchants.partnerId, merchantId: partnerMerchants.merchantId })
    .from(partnerMerchants)
    .where(
      inArray(
        partnerMerchants.partnerId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(partnerMerchants.merchantId));
  return rows.map((row) => ({
    ...row,
    merchantIds: links.filter((link) => link.partnerId === row.id).map((link) => link.merchantId),
  }));
}

export interface PartnerFilter {
  search?: string | undefined;
  status?: number | undefined;
  active?: boolean | undefined;
}

/** `search` as the merchants' list does: the id, any searched text (`search_text`), a phone typed with its mask. */
function partnerWhere(filter: PartnerFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) conditions.push(recordSearch(partners, filter.search));
  if (filter.status !== undefined) conditions.push(eq(partners.status, filter.status as Status));
  if (filter.active !== undefined) conditions.push(eq(partners.status, statusOf(filter.active)));
  return and(...conditions);
}

/** Newest first: one query for the page, one for the count, one for their merchants. */
export async function listPartners(db: Db, filter: PartnerFilter, window: { limit: number; offset: number }) {
  const where = partnerWhere(filter);
  const [rows, [total]] = await Promise.all([
    db.select(COLUMNS).from(partners).where(where).orderBy(desc(partners.id)).limit(window.limit).offset(window.offset),
    db.select({ value: count() }).from(partners).where(where),
  ]);
  return { rows: await withMerchantIds(db, rows), total: total?.value ?? 0 };
}

export async function listPartnersByIds(db: Db, ids: number[]): Promise<PartnerRecord[]> {
  return withMerchantIds(db, await db.select(COLUMNS).from(partners).where(inArray(partners.id, ids)));
}

export async function findPartner(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<PartnerRecord | undefined> {
  const query = db.select(COLUMNS).from(partners).where(eq(partners.id, id));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row && (await withMerchantIds(db, [row]))[0];
}

export async function insertPartner(db: Db, values: PartnerValues): Promise<number> {
  const [row] = await db.insert(partners).values(values).returning({ id: partners.id });
  return row!.id;
}

export async function updatePartner(db: Db, id: number, values: Partial<PartnerValues>): Promise<void> {
  await db
    .update(partners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(partners.id, id));
}

/** Its merchants become `merchantIds`; a merchant another partner holds breaks the key (the caller maps it to a 409). */
export async function replacePartnerMerchants(db: Db, partnerId: number, merchantIds: number[]): Promise<void> {
  await db.delete(partnerMerchants).where(eq(partnerMerchants.partnerId, partnerId));
  if (merchantIds.length)
    await db.insert(partnerMerchants).values(merchantIds.map((merchantId) => ({ merchantId, partnerId })));
}

/** Which of `merchantIds` another partner than `partnerId` (null: any partner) operates, with that partner's name. */
export async function merchantsTaken(db: Db, merchantIds: number[], partnerId: number | null) {
  if (!merchantIds.length) return [];
  return db
    .select({ merchantId: partnerMerchants.merchantId, partnerName: localizedSelection(partners, 'name') })
    .from(partnerMerchants)
    .innerJoin(partners, eq(partners.id, partnerMerchants.partnerId))
    .where(
      and(
        inArray(partnerMerchants.merchantId, merchantIds),
        partnerId === null ? undefined : ne(partnerMerchants.partnerId, partnerId),
      ),
    )
    .orderBy(asc(partnerMerchants.merchantId));
}

export async function setPartnerStatuses(db: Db, ids: number[], status: Status): Promise<void> {
  await lockInIdOrder(db, partners, partners.id, ids);
  await db.update(partners).set({ status, updatedAt: new Date() }).where(inArray(partners.id, ids));
}

/** Its merchants leave it with it (the key cascades). */
export async function deletePartner(db: Db, id: number): Promise<void> {
  await db.delete(partners).where(eq(partners.id, id));
}
