import { Tag } from 'antd';
import { CHARGE_STATUSES, type ChargeStatus } from '@evcms/contracts/charges';
import { useLang } from '../lib/i18n.ts';

/*
 * A charge's status as a coloured tag, on the charge screens and on a station card's connector.
 * The colours group the eight statuses of spec 4: open ones in blue and orange, a paid end in
 * green or cyan (the back office stopped it), ends with nothing charged in grey, failures in red.
 */

/** antd Tag colours (docs/decisions.md 'Charges (web)'). */
export const CHARGE_STATUS_COLORS: Record<ChargeStatus, string> = {
  initiated: 'default',
  in_progress: 'processing',
  pause: 'orange',
  canceled: 'default',
  not_completed: 'volcano',
  finished: 'green',
  stopped: 'cyan',
  unauthorized: 'red',
};

/** The status in the interface language (the contract's names, so a language switch shows at once), coloured. */
export function ChargeStatusTag({ status }: { status: ChargeStatus }) {
  const lang = useLang();
  return (
    <Tag color={CHARGE_STATUS_COLORS[status]} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }} data-status={status}>
      {CHARGE_STATUSES[status][lang]}
    </Tag>
  );
}
