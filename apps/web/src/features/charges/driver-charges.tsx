import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { ChargeDrawer } from './charge-drawer.tsx';
import { ChargesTable } from './charges-table.tsx';
import { chargesApi } from './charges-api.ts';

/** The charge list narrowed to one driver, where the driver's page links. */
export const driverChargesPath = (driverId: number) => `/chargers-list?user=${driverId}`;

/**
 * A driver's charges on their page (/users/user/{id}), newest first, paged; the whole list with
 * its filters and export, narrowed to the driver, is a link away. The app puts it on the page
 * (app/pages/driver-detail-page.tsx): a feature does not import another.
 */
export function DriverCharges({ driverId }: { driverId: number }) {
  const { t } = useTranslation('charges');
  // Kept in the URL under its own prefix, beside the ledger's.
  const { list, query } = useListScreen({
    query: ({ page, size }) => chargesApi.listQueryOptions({ page, size, user: String(driverId) }),
    prefix: 'charges.',
    search: false,
  });
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <Card
      title={t('driver.title')}
      extra={<Link to={driverChargesPath(driverId)}>{t('driver.open_list')}</Link>}
      data-testid="driver-charges"
    >
      <ChargesTable query={query} list={list} compact emptyText={t('driver.empty')} onOpen={setOpened} />
      <ChargeDrawer id={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}
