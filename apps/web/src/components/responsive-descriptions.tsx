import { Descriptions, Grid, type DescriptionsProps } from 'antd';

/*
 * A record's fields as a bordered label | value table that keeps its words whole on any window:
 * two pairs a row only from antd's `xl` (1200 px; narrower, beside the side menu, each pair would
 * get a third of a line), one pair a row below that, and on a phone (below `sm`, 576 px) each
 * label above its value, as two columns of a 390 px screen would break words mid-way.
 */

/** Pairs per row: antd's own default gives two or three on tablets, which squeezes the values. */
const COLUMNS = { xs: 1, sm: 1, md: 1, lg: 1, xl: 2, xxl: 2 } as const;

export type ResponsiveDescriptionsProps = Omit<DescriptionsProps, 'layout' | 'column' | 'bordered'>;

/** `<ResponsiveDescriptions items={details} data-testid="station-details" />` on a detail card. */
export function ResponsiveDescriptions(props: ResponsiveDescriptionsProps) {
  const screens = Grid.useBreakpoint();
  // Until the breakpoints are known (the first render) the wide layout; a phone switches before paint.
  const phone = screens.sm === false;
  return <Descriptions bordered column={COLUMNS} layout={phone ? 'vertical' : 'horizontal'} {...props} />;
}
