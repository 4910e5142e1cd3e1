import { ExclamationCircleFilled } from '@ant-design/icons';
import { Alert, Flex, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MAP_HEIGHT, type MapSettings } from '@evcms/contracts/map';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithReload } from '../../lib/lazy-with-reload.ts';
import { LoadFailure } from '../load-failure/load-failure.tsx';
import { useShownFailure } from '../load-failure/use-shown-failure.ts';
import type { CoordinateTexts, CoordinateValue } from './coordinates.ts';
import { MapPlaceSearch } from './map-place-search.tsx';
import { mapSettingsQueryOptions } from './map-queries.ts';
import { PickedPlaceModal } from './picked-place-modal.tsx';
import { useMapPicker } from './use-map-picker.ts';

/*
 * The map picker of the station form (spec 2.11): the station's marker with its address, a click
 * that proposes new coordinates, and a place search. Leaflet comes in its own chunk.
 */

const loadLeafletMap = () => import('./leaflet-map.tsx').then((m) => m.LeafletMap);
const LeafletMap = lazyWithReload(loadLeafletMap);

/** Starts loading Leaflet before the dialog opens (a pointer over the button, a focus). */
export function preloadMap(): void {
  loadLeafletMap().catch(() => undefined);
}

export interface MapPickerModalProps {
  open: boolean;
  /** Where the station is now; the map opens near Bishkek when it has no valid coordinates. */
  value?: CoordinateValue | null;
  onCancel: () => void;
  /** The chosen point as six-decimal texts, with its address when the geocoder knew one. */
  onSave: (coordinates: CoordinateTexts, address?: string) => void;
}

export function MapPickerModal({ open, value, onCancel, onSave }: MapPickerModalProps) {
  const { t } = useTranslation('map');
  const body = useRef<HTMLDivElement>(null);
  return (
    // A fresh map and marker on every opening, at the coordinates the form holds then.
    <Modal
      open={open}
      title={t('title')}
      width={960}
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      // The first control (the place search) takes the focus once the dialog has focused itself.
      afterOpenChange={(visible) => visible && body.current?.querySelector<HTMLElement>('button, input')?.focus()}
    >
      <div ref={body}>
        <MapPickerBody value={value} onSave={onSave} />
      </div>
    </Modal>
  );
}

// The search row and the map, so the dialog keeps its size while they load.
const mapArea = { height: `calc(${MAP_HEIGHT} + 40px)` };

function MapPickerBody({ value, onSave }: Pick<MapPickerModalProps, 'value' | 'onSave'>) {
  const { t } = useTranslation('map');
  const settings = useQuery(mapSettingsQueryOptions());
  const failure = useShownFailure(settings.error, settings.isFetching);
  if (settings.data) return <MapPicker settings={settings.data} value={value} onSave={onSave} />;
  if (failure) {
    return (
      <LoadFailure
        title={t('settings_failed')}
        error={failure}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  return (
    <Flex align="center" justify="center" style={mapArea}>
      <Spin />
    </Flex>
  );
}

function MapPicker({
  settings,
  value,
  onSave,
}: { settings: MapSettings } & Pick<MapPickerModalProps, 'value' | 'onSave'>) {
  const { t } = useTranslation('map');
  const picker = useMapPicker(settings.geocoder_url, value);
  const [tilesShown, setTilesShown] = useState(true);
  return (
    <Flex vertical gap={8}>
      <MapPlaceSearch searching={picker.searching} onSearch={picker.search} />
      {/* Without its tiles the map is a grey area: say why, and that it still works. */}
      {!tilesShown && (
        <Alert
          type="warning"
          showIcon
          icon={<ExclamationCircleFilled aria-hidden />}
          title={t('tiles_failed.title')}
          description={t('tiles_failed.description')}
          data-testid="map-unavailable"
        />
      )}
      <Suspense
        fallback={
          <Flex align="center" justify="center" style={{ height: MAP_HEIGHT }}>
            <Spin />
          </Flex>
        }
      >
        <LeafletMap
          tileUrl={settings.tile_url}
          view={picker.view}
          marker={picker.marker}
          popup={picker.address.pending ? t('looking_up') : (picker.address.text ?? t('station_here'))}
          markerLabel={t('title')}
          onPick={picker.pick}
          onTilesShown={setTilesShown}
        />
      </Suspense>
      <PickedPlaceModal
        picked={picker.picked}
        address={picker.address}
        onCancel={picker.unpick}
        onSave={(coordinates) => onSave(coordinates, picker.address.text ?? undefined)}
      />
      <Modal
        open={picker.notFound !== null}
        title={t('not_found.title')}
        onOk={picker.closeNotFound}
        onCancel={picker.closeNotFound}
        footer={(_, { OkBtn }) => <OkBtn />}
        destroyOnHidden
      >
        {t('not_found.content', { query: picker.notFound ?? '' })}
      </Modal>
    </Flex>
  );
}
