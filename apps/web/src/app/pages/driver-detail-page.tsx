import { DriverCharges } from '../../features/charges/driver-charges.tsx';
import { DriverDetail } from '../../features/drivers/driver-detail.tsx';

/** /users/user/{id}: the driver's page with their charges (two features, composed by the app). */
export function DriverDetailPage() {
  return <DriverDetail charges={(driver) => <DriverCharges driverId={driver.id} />} />;
}
