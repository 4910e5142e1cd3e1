import type { HeatMap } from '@evcms/contracts/heat-map';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n.ts';
import { formatFee } from '../../lib/number-format.ts';

/** The period's charges, turnover and average bill over the whole network (in the time of day chosen). */
export function HeatMapTotals({ totals }: { totals: HeatMap['totals'] }) {
  const { t } = useTranslation('heat-map');
  const lang = useLang();
  const figures = [
    { key: 'charges', value: totals.charges.toLocaleString(lang) },
    { key: 'turnover', value: formatFee(totals.turnover, lang) },
    { key: 'average_bill', value: formatFee(totals.average_bill, lang) },
  ];
  return (
    <section aria-label={t('totals.label')}>
      <Row gutter={[16, 16]}>
        {figures.map(({ key, value }) => (
          <Col key={key} xs={24} sm={8}>
            <Card size="small" data-testid={`total-${key}`}>
              <Statistic title={t(`totals.${key}`)} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
