import { Card, Col, Descriptions, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConnectorOnCard } from '@evcms/contracts/stations';
import { useLang } from '../../lib/i18n.ts';
import { formatFee, formatPower } from '../../lib/number-format.ts';
import { ConnectorChargeView } from './connector-charge.tsx';
import { ConnectorStatusTag } from './connector-status.tsx';
import { groupModules } from './connector-rules.ts';

/** A module's heading (spec 2.10): its EVSE id, and the number printed on it when there is one. */
export function ModuleTitle({ evseId, evse }: { evseId: number; evse: string | null }) {
  const { t } = useTranslation('stations');
  return (
    <Flex gap={8} align="baseline" wrap>
      <span>{t('modules.title', { id: evseId })}</span>
      {evse && <Typography.Text type="secondary">{t('modules.number', { number: evse })}</Typography.Text>}
    </Flex>
  );
}

function ConnectorView({ connector }: { connector: ConnectorOnCard }) {
  const { t } = useTranslation('stations');
  const lang = useLang();
  const items = [
    { key: 'typo', label: t('connector.typo'), children: connector.typo_name },
    { key: 'position', label: t('connector.position'), children: connector.position_name },
    {
      key: 'power',
      label: t('connector.power'),
      children: t('units.kw', { value: formatPower(connector.power_kWh, lang) }),
    },
    {
      key: 'cable',
      label: t('connector.cable_length'),
      children: connector.cable_length === null ? t('detail.none') : t('units.m', { value: connector.cable_length }),
    },
    {
      key: 'fee',
      label: t('connector.tariff'),
      children:
        connector.custom_fee === null
          ? t('connector.default_tariff')
          : t('units.fee', { value: formatFee(connector.custom_fee, lang) }),
    },
    { key: 'ocpp', label: t('connector.ocpp_16_id'), children: connector.ocpp_16_id },
  ];
  return (
    <Card
      size="small"
      type="inner"
      title={t('connector.title', { id: connector.connector_id })}
      extra={<ConnectorStatusTag status={connector.ocpp_status} />}
      data-testid="connector-view"
    >
      <Descriptions size="small" column={1} items={items} />
      {connector.charge && <ConnectorChargeView charge={connector.charge} />}
    </Card>
  );
}

/**
 * The station card's modules and connectors: a card per EVSE module, its connectors in order,
 * each with its last reported OCPP status and its charge in progress.
 */
export function StationModulesView({ connectors }: { connectors: readonly ConnectorOnCard[] }) {
  const { t } = useTranslation('stations');
  const modules = groupModules(connectors);
  if (modules.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('modules.none')} />;
  return (
    <Flex vertical gap={16}>
      {modules.map((module) => (
        <Card
          key={module.evse_id}
          size="small"
          title={<ModuleTitle evseId={module.evse_id} evse={module.evse} />}
          data-testid="module-view"
        >
          <Row gutter={[16, 16]}>
            {module.connectors.map((connector) => (
              <Col key={connector.id} xs={24} md={12} xl={8}>
                <ConnectorView connector={connector} />
              </Col>
            ))}
          </Row>
        </Card>
      ))}
    </Flex>
  );
}
