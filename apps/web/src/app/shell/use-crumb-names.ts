import { useQuery } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { driversApi } from '../../features/drivers/drivers-api.ts';
import { merchantsApi } from '../../features/merchants/merchants-api.ts';
import { stationsApi } from '../../features/stations/stations-api.ts';
import type { RouteId } from '../route-table.ts';

const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : 0);

/**
 * Names that replace a crumb's generic title once known: the merchant's name on its card and
 * below it ('Merchants / Too Energy / Edit station'), the station's and the driver's on their
 * cards. They come from the same queries the pages run, so they usually cost no request of their own.
 */
export function useCrumbNames(chain: readonly RouteId[], params: Params): Partial<Record<RouteId, string>> {
  const merchantId = chain.includes('merchant_detail') ? idOf(params.id) : 0;
  const stationId = chain.includes('station_info') ? idOf(params.stationId) : 0;
  const merchant = useQuery({ ...merchantsApi.detailQueryOptions(merchantId), enabled: merchantId > 0 });
  const station = useQuery({ ...stationsApi.detailQueryOptions(stationId), enabled: stationId > 0 });
  const driverId = chain.includes('user_detail') ? idOf(params.id) : 0;
  const driver = useQuery({ ...driversApi.detailQueryOptions(driverId), enabled: driverId > 0 });
  return {
    ...(merchant.data && { merchant_detail: merchant.data.name }),
    ...(station.data && { station_info: station.data.name }),
    ...(driver.data && { user_detail: `${driver.data.surname} ${driver.data.first_name}` }),
  };
}
