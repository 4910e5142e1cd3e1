import { ExclamationCircleFilled, FullscreenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { HeatMapStation } from '@evcms/contracts/heat-map';
import { Alert, Button, Card, Flex, Modal, Spin } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailure } from '../../components/load-failure/load-failure.tsx';
import { useShownFailure } from '../../components/load-failure/use-shown-failure.ts';
import { mapSettingsQueryOptions } from '../../components/map-picker/map-queries.ts';
import { useLang } from '../../lib/i18n.ts';
import { lazyWithReload } from '../../lib/lazy-with-reload.ts';
import type { HeatMetric } from './heat-map-filters.ts';
import { mapStations } from './map-stations.ts';

// Leaflet, its CSS and leaflet.heat (about 45 KB gzip) in a chunk of their own, loaded with this screen.
const LeafletHeatMap = lazyWithReload(() => import('./leaflet-heat-map.tsx').then((m) => m.LeafletHeatMap));

const MAP_HEIGHT = '60vh';
// The full-screen dialog's map: the viewport less the dialog's title bar.
const FULL_HEIGHT = 'calc(100vh - 64px)';

const mapSpinner = (height: string) => (
  <Flex align="center" justify="center" style={{ height }}>
    <Spin />
  </Flex>
);

/**
 * The map: the tile server the server is set up with, the heat weighted by the chosen metric and a
 * circle per station, and a button that opens the same map over the whole viewport (Esc leaves).
 * Without tiles it says so; the figures, the grid and the stations' table still tell everything.
 */
export function HeatMapView({ stations, metric }: { stations: readonly HeatMapStation[]; metric: HeatMetric }) {
  const { t } = useTranslation('heat-map');
  const lang = useLang();
  const navigate = useNavigate();
  const settings = useQuery(mapSettingsQueryOptions());
  const failure = useShownFailure(settings.error, settings.isFetching);
  const [tilesShown, setTilesShown] = useState(true);
  const [fullScreen, setFullScreen] = useState(false);
  const shown = useMemo(() => mapStations(stations, metric, t, lang), [stations, metric, t, lang]);

  const map = (height: string) =>
    settings.data && (
      <Suspense fallback={mapSpinner(height)}>
        <LeafletHeatMap
          tileUrl={settings.data.tile_url}
          stations={shown}
          height={height}
          onOpen={(path) => void navigate(path)}
          onTilesShown={setTilesShown}
        />
      </Suspense>
    );

  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('map.title')}</h2>}
      extra={
        <Button
          size="small"
          icon={<FullscreenOutlined aria-hidden />}
          disabled={!settings.data}
          onClick={() => setFullScreen(true)}
        >
          {t('map.full_screen')}
        </Button>
      }
    >
      <Flex vertical gap={8}>
        {!tilesShown && (
          <Alert
            type="warning"
            showIcon
            icon={<ExclamationCircleFilled aria-hidden />}
            title={t('map.tiles_failed')}
            data-testid="map-unavailable"
          />
        )}
        {failure && !settings.data ? (
          <LoadFailure
            title={t('map.settings_failed')}
            error={failure}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          (map(MAP_HEIGHT) ?? mapSpinner(MAP_HEIGHT))
        )}
      </Flex>
      <Modal
        open={fullScreen}
        title={t('map.title')}
        footer={null}
        onCancel={() => setFullScreen(false)}
        destroyOnHidden
        width="100vw"
        style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
        styles={{ container: { padding: 0, borderRadius: 0 }, header: { padding: '12px 16px', margin: 0 } }}
        data-testid="heat-map-full-screen"
      >
        {fullScreen && map(FULL_HEIGHT)}
      </Modal>
    </Card>
  );
}
