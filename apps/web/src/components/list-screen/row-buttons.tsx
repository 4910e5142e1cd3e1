import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Switch, Tooltip, type TableColumnType } from 'antd';
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

/**
 * The actions column of a list: a row's own buttons first (`before`), then edit and delete, named
 * by the feature's `list.actions`, `list.edit` and `list.delete` texts. A refusal (an active record
 * is not deleted) disables its button and its tooltip says why.
 */
export function editDeleteColumn<Row>(options: {
  t: (key: string) => string;
  width?: number;
  edit: (row: Row) => void;
  editRefusal?: (row: Row) => string | false;
  remove: (row: Row) => void;
  deleteRefusal: (row: Row) => string | false;
  before?: (row: Row) => ReactNode;
}): TableColumnType<Row> {
  const { t, edit, editRefusal, remove, deleteRefusal, before } = options;
  return {
    key: 'actions',
    title: t('list.actions'),
    width: options.width ?? 104,
    render: (_, row) => (
      <Flex gap="small">
        {before?.(row)}
        <EditRowButton label={t('list.edit')} refusal={editRefusal?.(row)} onClick={() => edit(row)} />
        <DeleteRowButton label={t('list.delete')} refusal={deleteRefusal(row)} onClick={() => remove(row)} />
      </Flex>
    ),
  };
}
