import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Switch, Tooltip, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';

export interface RowButtonProps {
  /** The button's accessible name, and its tooltip while it may be used. */
  label: string;
  /** Why it may not be used now (an active rate is not deleted): the button is disabled, its tooltip says why. */
  refusal?: string | false;
  onClick: () => void;
}

/** Opens a table row's record for editing: an icon button named by its label. */
export function EditRowButton(props: RowButtonProps) {
  return <RowButton {...props} icon={<EditOutlined aria-hidden />} />;
}

/** Deletes a table row's record (after the screen's confirmation): a red icon button named by its label. */
export function DeleteRowButton(props: RowButtonProps) {
  return <RowButton {...props} icon={<DeleteOutlined aria-hidden />} danger />;
}

function RowButton({ label, refusal, onClick, icon, danger }: RowButtonProps & { icon: ReactNode; danger?: boolean }) {
  return (
    <Tooltip title={refusal || label}>
      <Button aria-label={label} danger={danger} icon={icon} disabled={Boolean(refusal)} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * The status column of a list with statuses: a row's switch, on when active, spinning while its
 * change waits for the server (`useRowActions`' `toggling`); `toggle` asks first. Named by the
 * feature's own `fields.status`, `status.active` and `status.inactive` texts.
 */
export function statusSwitchColumn<Row extends { id: number }>(options: {
  t: (key: string) => string;
  testId: string;
  isActive: (row: Row) => boolean;
  toggling: number | null;
  toggle: (row: Row) => void;
}): TableColumnType<Row> {
  const { t, testId, isActive, toggling, toggle } = options;
  return {
    key: 'status',
    title: t('fields.status'),
    width: 124,
    render: (_, row) => (
      <Switch
        data-testid={testId}
        aria-label={t('fields.status')}
        checked={isActive(row)}
        loading={toggling === row.id}
        checkedChildren={t('status.active')}
        unCheckedChildren={t('status.inactive')}
        onChange={() => toggle(row)}
      />
    ),
  };
}
