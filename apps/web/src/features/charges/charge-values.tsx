import { WarningOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHARGE_RESULT_NAMES,
  OPEN_CHARGE_STATUSES,
  PAYMENT_METHODS,
  type ChargeListItem,
  type ChargeResult,
  type ChargeReviewReason,
  type ChargeStatus,
  type PaymentMethod,
} from '@evcms/contracts/charges';
import { OCPP_STOP_REASONS, ocppName } from '@evcms/contracts/ocpp-names';
import { useLang } from '../../lib/i18n.ts';
import { durationKey, durationParts } from './charge-format.ts';

/** Spec 3 'transaction result', in the words of the export (contracts); nothing while the charge is open. */
export function ChargeResultText({ result }: { result: ChargeResult | null }) {
  const lang = useLang();
  if (result === null) return null;
  return (
    <Typography.Text type={result === 'successful' ? 'success' : 'danger'}>
      {CHARGE_RESULT_NAMES[result][lang]}
    </Typography.Text>
  );
}

/** Why the charge point ended the charge, in the manager's language; OCPP's word in the tooltip. */
export function StopReasonText({ reason }: { reason: string }) {
  const lang = useLang();
  return (
    <Tooltip title={reason}>
      <span data-testid="charge-stop-reason">{ocppName(OCPP_STOP_REASONS, reason, lang)}</span>
    </Tooltip>
  );
}

/** A charge marked for review (an implausible reading or time): a warning sign naming the reason; nothing otherwise. */
export function ReviewMark({ reason }: { reason: ChargeReviewReason | null }) {
  const { t } = useTranslation('charges');
  if (reason === null) return null;
  const text = t(`review.${reason}`);
  return (
    <Tooltip title={text}>
      <Typography.Text type="warning" role="img" aria-label={text} data-testid="charge-review-mark">
        <WarningOutlined aria-hidden />
      </Typography.Text>
    </Tooltip>
  );
}

const isOpen = (status: ChargeStatus) => (OPEN_CHARGE_STATUSES as readonly ChargeStatus[]).includes(status);

/**
 * What the charge debited. An open charge has debited nothing yet and its promotion's discount is
 * settled only at its end (docs/decisions.md), so it shows a dash marked as running, never the 0
 * the API answers beside a growing amount. `full` words the hint out (the drawer); the list's narrow
 * cell keeps it to one word, the rest in a tooltip.
 */
export function ChargeTotal({
  charge,
  children,
  full = false,
}: {
  charge: Pick<ChargeListItem, 'status'>;
  children: ReactNode;
  full?: boolean;
}) {
  const { t } = useTranslation('charges');
  if (!isOpen(charge.status)) return children;
  const hint = t('list.total_running_hint');
  return (
    <Tooltip title={full ? null : hint}>
      <Typography.Text
        type="secondary"
        style={{ whiteSpace: full ? undefined : 'nowrap' }}
        data-testid="charge-total-running"
      >
        {`— ${full ? hint : t('list.total_running')}`}
      </Typography.Text>
    </Tooltip>
  );
}

export function PaymentMethodName({ method }: { method: PaymentMethod | null }) {
  const lang = useLang();
  return method ? PAYMENT_METHODS[method][lang] : null;
}

/** '1 h 30 min', '12 min', '40 s'; nothing for a charge that never ran. */
export function Duration({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation('charges');
  if (seconds === null) return null;
  const parts = durationParts(seconds);
  return <span style={{ whiteSpace: 'nowrap' }}>{t(`units.${durationKey(parts)}`, parts)}</span>;
}

/** The connector as the charge point named it: its OCPP id and type ('#2 · CCS Combo 2'). */
export function connectorText(connector: ChargeListItem['connector']): string {
  return connector.typo_name ? `#${connector.ocpp_16_id} · ${connector.typo_name}` : `#${connector.ocpp_16_id}`;
}
