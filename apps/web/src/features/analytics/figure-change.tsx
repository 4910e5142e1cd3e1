import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { ComparedFigure } from '@evcms/contracts/analytics';
import type { Lang } from '@evcms/contracts/i18n';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/number-format.ts';

/** `12.5` -> '+12.5 %', `-3` -> '-3 %': the sign said, as a rise is not only told by the arrow's colour. */
export function signedPercent(change: number, lang: Lang): string {
  return change > 0 ? `+${formatPercent(change, lang)}` : formatPercent(change, lang);
}

/** A figure's change against the period before: an arrow (up green, down red) and the same in words. */
export function FigureChange({ figure, lang }: { figure: ComparedFigure; lang: Lang }) {
  const { t } = useTranslation('analytics');
  const { change } = figure;
  if (change === null) {
    return (
      <Typography.Text type="secondary" data-testid="figure-change">
        <span aria-hidden>—</span> {t('figures.no_previous')}
      </Typography.Text>
    );
  }
  const icon = change > 0 ? <ArrowUpOutlined aria-hidden /> : change < 0 ? <ArrowDownOutlined aria-hidden /> : null;
  return (
    <Typography.Text type={change > 0 ? 'success' : change < 0 ? 'danger' : 'secondary'} data-testid="figure-change">
      {icon} {t('figures.change', { change: signedPercent(change, lang) })}
    </Typography.Text>
  );
}
