import type { AnalyticsFigures, ComparedFigure } from '@evcms/contracts/analytics';
import type { Lang } from '@evcms/contracts/i18n';
import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n.ts';
import { formatEnergy, formatFee } from '../../lib/number-format.ts';
import { FigureChange } from './figure-change.tsx';

type Format = (value: number, lang: Lang) => string;
const formatCount: Format = (value, lang) => value.toLocaleString(lang);

type ComparedName = 'turnover' | 'energy' | 'charges' | 'new_users' | 'promotion_users';
const COMPARED: readonly [ComparedName, Format][] = [
  ['turnover', formatFee],
  ['energy', formatEnergy],
  ['charges', formatCount],
  ['new_users', formatCount],
  ['promotion_users', formatCount],
];

function FigureCard(props: { name: string; title: string; figure: ComparedFigure; format: Format; extra?: ReactNode }) {
  const { t } = useTranslation('analytics');
  const lang = useLang();
  const { name, title, figure, format, extra } = props;
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={`figure-${name}`}>
      <Statistic title={title} value={figure.value} formatter={() => format(figure.value, lang)} />
      <Flex vertical gap={2}>
        {extra}
        <Typography.Text type="secondary">
          {t('figures.previous', { value: format(figure.previous, lang) })}
        </Typography.Text>
        <FigureChange figure={figure} lang={lang} />
      </Flex>
    </Card>
  );
}

/** The period's figures, each beside the period before's (spec 2.6); merchants and stations as they are now too. */
export function FigureCards({ figures }: { figures: AnalyticsFigures }) {
  const { t } = useTranslation('analytics');
  const lang = useLang();
  const cards = [
    ...COMPARED.map(([name, format]) => (
      <FigureCard key={name} name={name} title={t(`figures.${name}`)} figure={figures[name]} format={format} />
    )),
    <FigureCard
      key="merchants"
      name="merchants"
      title={t('figures.merchants')}
      figure={figures.merchants.total}
      format={formatCount}
      extra={
        <Typography.Text>
          {t('figures.active', { number: formatCount(figures.merchants.active, lang) })}
        </Typography.Text>
      }
    />,
    <FigureCard
      key="stations"
      name="stations"
      title={t('figures.stations')}
      figure={figures.stations.total}
      format={formatCount}
      extra={
        <Typography.Text>
          {t('figures.active', { number: formatCount(figures.stations.active, lang) })}
          {' · '}
          {t('figures.online', { number: formatCount(figures.stations.online, lang) })}
        </Typography.Text>
      }
    />,
  ];
  return (
    <section aria-label={t('figures.label')}>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} xs={24} sm={12} xl={8} xxl={6}>
            {card}
          </Col>
        ))}
      </Row>
    </section>
  );
}
