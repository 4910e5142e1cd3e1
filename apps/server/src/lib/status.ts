import { STATUS_ACTIVE, STATUS_INACTIVE, type Status } from '@evcms/contracts/catalog';

/** Status numbers are the same everywhere (0 active, 1 inactive); the API also speaks `active`. */

export function isActive(item: { status: number }): boolean {
  return item.status === STATUS_ACTIVE;
}

export function statusOf(active: boolean): Status {
  return active ? STATUS_ACTIVE : STATUS_INACTIVE;
}
