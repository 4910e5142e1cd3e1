import { STATUS_ACTIVE, STATUS_INACTIVE, type Status } from '@evcms/contracts/status';

export interface BulkStatusAction {
  label: 'activate' | 'deactivate';
  /** What to send to `.../statuses/`: 0 active, 1 inactive. */
  status: Status;
  /** A selection mixing active and inactive rows cannot be changed in one go. */
  disabled: boolean;
}

/**
 * The bulk active/inactive rule of the specification (point 4), shared by every list with a
 * status: the new status is the opposite of the first selected row's, and the change is allowed
 * only when every selected row has that first row's status. Null when nothing is selected.
 */
export function bulkStatusAction(selected: readonly { active: boolean }[]): BulkStatusAction | null {
  const [first] = selected;
  if (!first) return null;
  return {
    label: first.active ? 'deactivate' : 'activate',
    status: first.active ? STATUS_INACTIVE : STATUS_ACTIVE,
    disabled: selected.some((row) => row.active !== first.active),
  };
}
