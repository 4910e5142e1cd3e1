import { Table } from 'antd';

export interface ReportTotalsRowProps {
  /** 'Total', in the export's words. */
  label: string;
  /** The columns before the figures (an expanding table's toggle column counts), under the label. */
  lead: number;
  /** The figures as the rows show them, one per column after the lead. */
  cells: readonly string[];
  'data-testid'?: string;
}

/** A report's totals under its rows (partners, promotions, merchants): the label, then each figure on the right. */
export function ReportTotalsRow({ label, lead, cells, 'data-testid': testId }: ReportTotalsRowProps) {
  return (
    <Table.Summary.Row data-testid={testId}>
      <Table.Summary.Cell index={0} colSpan={lead}>
        <strong>{label}</strong>
      </Table.Summary.Cell>
      {cells.map((text, i) => (
        <Table.Summary.Cell key={i} index={i + lead} align="right">
          <strong>{text}</strong>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}
