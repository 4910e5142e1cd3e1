import { useTranslation } from 'react-i18next';
import { RecordNotFound } from '../../components/not-found.tsx';

/** The station screens' addresses, all below their merchant's page (spec 2.3). */
export const stationPaths = {
  merchant: (merchantId: number) => `/merchants/merchant/${merchantId}`,
  create: (merchantId: number) => `/merchants/merchant/${merchantId}/create-station`,
  card: (merchantId: number, stationId: number) => `/merchants/merchant/${merchantId}/station-info/${stationId}`,
  edit: (merchantId: number, stationId: number) => `/merchants/merchant/${merchantId}/edit-station/${stationId}`,
};

/** A station that does not exist (or is not this merchant's): say so and lead back to the merchant. */
export function StationNotFound({ merchantId }: { merchantId: number | undefined }) {
  const { t } = useTranslation('stations');
  return (
    <RecordNotFound
      ns="stations"
      data-testid="station-not-found"
      backTo={merchantId === undefined ? '/merchants' : stationPaths.merchant(merchantId)}
      backText={t(merchantId === undefined ? 'detail.back_to_merchants' : 'detail.back_to_merchant')}
    />
  );
}
