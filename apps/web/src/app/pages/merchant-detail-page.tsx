import { MerchantDetail } from '../../features/merchants/merchant-detail.tsx';
import { MerchantStationList } from '../../features/stations/station-list.tsx';

/** /merchants/merchant/{id}: the merchant's card with its station list (two features, composed by the app). */
export function MerchantDetailPage() {
  return <MerchantDetail stations={(merchant) => <MerchantStationList merchantId={merchant.id} />} />;
}
