import { PHONE_DIGITS } from '@evcms/contracts/merchants';

/*
 * The phone mask of specification 5: +999 (999) 99-99-99. The field shows the mask, the API gets
 * the 12 digits. A separator is written only once a digit follows it, so Backspace always removes
 * a digit and never gets stuck re-adding a bracket or a dash the user just deleted.
 */

/** Where each group of digits starts in the 12, and what stands before it. */
const GROUPS: readonly { from: number; to: number; before: string }[] = [
  { from: 0, to: 3, before: '+' },
  { from: 3, to: 6, before: ' (' },
  { from: 6, to: 8, before: ') ' },
  { from: 8, to: 10, before: '-' },
  { from: 10, to: 12, before: '-' },
];

/** The digits of a typed or stored phone, at most 12; everything else is dropped. */
export function phoneDigits(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '').slice(0, PHONE_DIGITS);
}

/** The masked text for whatever was typed or pasted so far: '996555' -> '+996 (555'. */
export function formatPhone(text: string | null | undefined): string {
  const digits = phoneDigits(text);
  let result = '';
  for (const group of GROUPS) {
    const part = digits.slice(group.from, group.to);
    if (!part) break;
    result += group.before + part;
  }
  return result;
}
