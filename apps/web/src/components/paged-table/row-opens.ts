import type { HTMLAttributes } from 'react';

// What in a row acts for itself: links, buttons (switches are buttons too), inputs and the selection checkbox's cell.
const OWN_CONTROLS = 'a, button, input, .ant-table-selection-column';

/**
 * A table's `onRow` for rows that open their record on a click, as the row's name link or number
 * does (the link also opens a new tab on a middle click); a click on one of the row's own controls
 * does only what that control does.
 */
export function rowOpens<Row>(open: (row: Row) => void): (row: Row) => HTMLAttributes<HTMLElement> {
  return (row) => ({
    style: { cursor: 'pointer' },
    onClick: (event) => {
      if ((event.target as HTMLElement).closest(OWN_CONTROLS)) return;
      open(row);
    },
  });
}
