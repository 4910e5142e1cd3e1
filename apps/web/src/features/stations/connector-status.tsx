import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { OCPP_CONNECTOR_STATUSES, type OcppConnectorStatus, type OcppStatus } from '@evcms/contracts/ocpp';
import { OCPP_ERROR_CODE_NAMES } from '@evcms/contracts/ocpp-names';
import { useLang } from '../../lib/i18n.ts';

/*
 * A connector's last reported OCPP status (StatusNotification) as a tag, on the station list and
 * card: free in green, in use in blue, paused in orange, out of service grey, broken red. The
 * name is the contract's in the interface language, so a language switch shows at once.
 */

export const CONNECTOR_STATUS_COLORS: Record<OcppConnectorStatus, string> = {
  Available: 'green',
  Preparing: 'blue',
  Charging: 'processing',
  SuspendedEVSE: 'orange',
  SuspendedEV: 'orange',
  Finishing: 'cyan',
  Reserved: 'purple',
  Unavailable: 'default',
  Faulted: 'red',
};

/** The status, and the error code's name beside it when the station reported one (OCPP's code in the tooltip); 'No status' until the first report. */
export function ConnectorStatusTag({ status }: { status: OcppStatus | null }) {
  const { t } = useTranslation('stations');
  const lang = useLang();
  const style = { marginInlineEnd: 0, whiteSpace: 'normal' } as const;
  if (!status) {
    return (
      <Tag style={style} data-status="none">
        {t('ocpp.no_status')}
      </Tag>
    );
  }
  const name = OCPP_CONNECTOR_STATUSES[status.status][lang];
  const tag = (
    <Tag color={CONNECTOR_STATUS_COLORS[status.status]} style={style} data-status={status.status}>
      {status.error_code === 'NoError' ? name : `${name} · ${OCPP_ERROR_CODE_NAMES[status.error_code][lang]}`}
    </Tag>
  );
  return status.error_code === 'NoError' ? tag : <Tooltip title={status.error_code}>{tag}</Tooltip>;
}
