import type { HeatMapCell } from '@evcms/contracts/heat-map';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n.ts';
import { hourName, weekdayName } from '../../lib/weekdays.ts';
import type { HeatMetric } from './heat-map-filters.ts';
import { metricValue, shadeOf, shares, textOn } from './heat-map-scale.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const cellStyle = { padding: '2px 4px', textAlign: 'right', fontSize: 12, minWidth: 34 } as const;

/**
 * The network's week, weekday by hour, as an HTML table: each cell holds the figure (read with its
 * weekday and hour by screen readers) and is shaded by it. Wide: it scrolls sideways on a phone.
 */
export function WeekdayHourGrid({ grid, metric }: { grid: readonly HeatMapCell[]; metric: HeatMetric }) {
  const { t } = useTranslation('heat-map');
  const lang = useLang();
  const cells = new Map(grid.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  const values = grid.map((cell) => metricValue(cell, metric));
  const cellShares = shares(values);
  const shareOf = new Map(grid.map((cell, i) => [cell, cellShares[i] ?? 0]));
  // Whole som: 168 cells have no room for tyiyn (the stations' table has them).
  const format = (value: number) => Math.round(value).toLocaleString(lang);
  const captionId = 'heat-map-grid-caption';
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('grid.title')}</h2>}>
      {/* Outside the table, so it wraps on a phone where the table scrolls; it names both. */}
      <p id={captionId} style={{ marginTop: 0 }}>
        {t(`grid.caption.${metric}`)}
      </p>
      {/* The table is wider than a phone: the region scrolls, and takes the focus to scroll by keyboard. */}
      <div role="region" aria-labelledby={captionId} tabIndex={0} style={{ overflowX: 'auto' }} data-testid="heat-grid">
        <table aria-labelledby={captionId} style={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>
              <td />
              {HOURS.map((hour) => (
                <th key={hour} scope="col" aria-label={hourName(hour)} style={{ ...cellStyle, fontWeight: 'normal' }}>
                  {hourName(hour).slice(0, 2)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((weekday) => (
              <tr key={weekday}>
                <th
                  scope="row"
                  // Heard whole with each cell ('Monday, 08:00'); the short name is what fits.
                  aria-label={weekdayName(weekday, lang, 'long')}
                  title={weekdayName(weekday, lang, 'long')}
                  style={{ ...cellStyle, textAlign: 'left' }}
                >
                  {weekdayName(weekday, lang)}
                </th>
                {HOURS.map((hour) => {
                  const cell = cells.get(`${weekday}-${hour}`);
                  const shade = shadeOf(cell ? (shareOf.get(cell) ?? 0) : 0);
                  return (
                    <td
                      key={hour}
                      style={{ ...cellStyle, background: shade, color: textOn(shade), border: '1px solid #f0f0f0' }}
                    >
                      {format(cell ? metricValue(cell, metric) : 0)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Flex align="center" gap={8} style={{ marginTop: 8, fontSize: 12 }} data-testid="heat-grid-scale">
        <span>{t('grid.scale')}</span>
        <span>0</span>
        <span
          aria-hidden
          style={{
            width: 120,
            height: 10,
            border: '1px solid #d9d9d9',
            background: `linear-gradient(to right, ${shadeOf(0)}, ${shadeOf(1)})`,
          }}
        />
        <span>{format(Math.max(0, ...values))}</span>
      </Flex>
    </Card>
  );
}
