import { RecordNotFound } from '../../components/not-found.tsx';

/** Where the drivers' screens live (spec 2.3: /users, /users/user/{id}, /extract-balance). */
export const driverPaths = {
  list: '/users',
  detail: (id: number) => `/users/user/${id}`,
  /** Not in the specification: a manager registers a card customer, or edits a driver, here. */
  create: '/users/create-edit-user',
  edit: (id: number) => `/users/create-edit-user/${id}`,
  /** The ledger, narrowed to one driver when given. */
  ledger: (driverId?: number) => (driverId ? `/extract-balance?user=${driverId}` : '/extract-balance'),
};

/** A driver id that does not exist (or is not a number): say so and lead back to the list. */
export function DriverNotFound() {
  return <RecordNotFound ns="drivers" data-testid="driver-not-found" backTo={driverPaths.list} />;
}
