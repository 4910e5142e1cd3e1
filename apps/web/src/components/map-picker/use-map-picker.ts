import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { MAP_SEARCH_ZOOM, MAP_ZOOM } from '@evcms/contracts/map';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n.ts';
import { startingPoint, type CoordinateValue, type MapView, type Point } from './coordinates.ts';
import { searchPlace } from './geocoder.ts';
import { addressQueryOptions } from './map-queries.ts';

/** The marker's address: null when the geocoder knows none or failed (then the default text shows). */
export interface MarkerAddress {
  pending: boolean;
  text: string | null;
}

/**
 * The picker's state: one marker (the station, a clicked point or a found place) with its address,
 * where the map looks, the point waiting for confirmation, and the search that found nothing.
 */
export function useMapPicker(geocoderUrl: string, value: CoordinateValue | null | undefined) {
  const { t } = useTranslation('map');
  const lang = useLang();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [marker, setMarker] = useState<Point>(() => startingPoint(value));
  const [view, setView] = useState<MapView>(() => ({ center: marker, zoom: MAP_ZOOM }));
  const [picked, setPicked] = useState<Point | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  const address = useQuery(addressQueryOptions(geocoderUrl, marker, lang));

  const search = useMutation({
    mutationFn: (query: string) => searchPlace(geocoderUrl, query, lang),
    onSuccess: (place, query) => {
      if (place === null) {
        setNotFound(query);
        return;
      }
      // The search named the place already: the popup shows that name without asking again.
      queryClient.setQueryData(addressQueryOptions(geocoderUrl, place.point, lang).queryKey, place.name);
      setMarker(place.point);
      setView({ center: place.point, zoom: MAP_SEARCH_ZOOM });
    },
    onError: (error) => {
      console.warn('Place search failed:', error);
      void message.error(t('search.failed'));
    },
  });

  return {
    marker,
    view,
    picked,
    notFound,
    address: { pending: address.isPending, text: address.data ?? null } satisfies MarkerAddress,
    searching: search.isPending,
    /** A click on the map: the marker moves there and the confirmation asks to save it. */
    pick: (point: Point) => {
      setMarker(point);
      setPicked(point);
    },
    unpick: () => setPicked(null),
    search: (query: string) => search.mutate(query),
    closeNotFound: () => setNotFound(null),
  };
}
