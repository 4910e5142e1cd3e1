import { localDate } from '@evcms/contracts/dates';

/* The period a report covers (the partners' and the merchants' reports): Bishkek days, both ends included. */

export interface ReportPeriod {
  period__from: string;
  period__to: string;
}

/** The current month in Bishkek, first to last day: a report's period until another is picked. */
export function currentMonth(today = localDate()): ReportPeriod {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { period__from: `${today.slice(0, 8)}01`, period__to: `${today.slice(0, 8)}${String(last).padStart(2, '0')}` };
}
